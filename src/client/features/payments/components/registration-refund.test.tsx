import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { RefundPaymentDocument, type RefundPaymentMutationVariables } from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import {
  eventDashboardHandlers,
  type RegistrationFixture,
  registrationFixture,
} from "#client/test-fixtures.ts";
import { api, server } from "#client/test-network.ts";
import { adminCommunity, paymentRow } from "./payments-page-test-support.ts";

type RowPayment = NonNullable<RegistrationFixture["payments"]>[number];

const cardPayment = (id: string, overrides: Partial<RowPayment> = {}): RowPayment => ({
  id,
  method: "STRIPE",
  status: "SUCCEEDED",
  currency: "EUR",
  amountMinor: 3_000,
  refundedMinor: 0,
  payer: { name: "Linus Going" },
  ...overrides,
});

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table)
    .getAllByRole("row")
    .find((candidate) => candidate.querySelector("td")?.textContent?.startsWith(name));
  if (!row) throw new Error(`No row shows ${name}`);
  return row;
}

describe("refunding a ticket from the event dashboard", () => {
  it("offers Refund on a paid registration, refunds part and cancels it, and the row reads the change", async () => {
    let rows: RegistrationFixture[] = [
      registrationFixture("r-linus", "Linus Going", { payments: [cardPayment("p1")] }),
      registrationFixture("r-grace", "Grace Free", { payments: [] }),
      registrationFixture("r-ida", "Ida Refunded", {
        status: "CANCELED",
        payments: [cardPayment("p2", { status: "REFUNDED", refundedMinor: 3_000 })],
      }),
    ];
    const sent: RefundPaymentMutationVariables[] = [];
    server.use(
      api.mutation(RefundPaymentDocument, ({ variables }) => {
        sent.push(variables);
        rows = rows.map((row) =>
          row.id === "r-linus"
            ? {
                ...row,
                status: "CANCELED",
                payments: [
                  cardPayment("p1", { status: "PARTIALLY_REFUNDED", refundedMinor: variables.amountMinor }),
                ],
              }
            : row,
        );
        return HttpResponse.json({
          data: {
            refundPayment: paymentRow("p1", "Linus Going", {
              method: "STRIPE",
              status: "PARTIALLY_REFUNDED",
              amountMinor: 3_000,
              refundedMinor: variables.amountMinor,
            }),
          },
        });
      }),
    );
    const { user } = await renderApp("/dashboard/c1/events/e1", {
      signedInAs: adaUser,
      handlers: eventDashboardHandlers({ community: adminCommunity, rows: () => rows }),
    });
    const table = await screen.findByRole("table", { name: /Registrations/ });
    expect(within(rowOf(table, "Grace Free")).queryByRole("button", { name: /^Refund/ })).toBeNull();
    expect(within(rowOf(table, "Ida Refunded")).queryByRole("button", { name: /^Refund/ })).toBeNull();

    await user.click(
      within(rowOf(table, "Linus Going")).getByRole("button", { name: /^Refund\s*Linus Going$/ }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Refund Linus Going" });
    const amount = within(dialog).getByLabelText("Amount to refund (EUR)") as HTMLInputElement;
    expect(amount.value).toBe("30.00");
    await user.clear(amount);
    await user.type(amount, "12.50");
    await user.type(within(dialog).getByLabelText("Reason"), "Could only come for half");
    await user.click(
      within(dialog).getByRole("checkbox", { name: "Also cancel the registration and free the seat" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Refund Linus Going" })).toBeNull());
    expect(
      await screen.findByText("Refunded €12.50 to Linus Going and canceled the registration."),
    ).toBeTruthy();
    expect(sent).toEqual([
      { id: "p1", amountMinor: 1_250, reason: "Could only come for half", cancelRegistration: true },
    ]);
    await within(rowOf(table, "Linus Going")).findByText("Canceled");
    // Part is left: the row still offers to refund the rest, no longer to cancel.
    await user.click(within(rowOf(table, "Linus Going")).getByRole("button", { name: /^Refund/ }));
    const again = await screen.findByRole("dialog", { name: "Refund Linus Going" });
    expect((within(again).getByLabelText("Amount to refund (EUR)") as HTMLInputElement).value).toBe("17.50");
    expect(within(again).queryByRole("checkbox")).toBeNull();
  });
});
