import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import {
  type Capability,
  PaymentConnectionDocument,
  UpdateBillingDetailsDocument,
  type UpdateBillingDetailsMutationVariables,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api, fieldError, graphqlError, server } from "#client/test-network.ts";
import {
  type BillingDetailsFixture,
  billingDetailsFixture,
  billingDetailsHandler,
} from "./billing-details-test-support.ts";

const ADMIN: Capability[] = [
  "COMMUNITY_VIEW",
  "COMMUNITY_EDIT",
  "MEMBERS_VIEW",
  "MEMBERS_MANAGE",
  "PAYMENTS_MANAGE",
];

async function openPayments(stored: BillingDetailsFixture = billingDetailsFixture()) {
  const view = await renderApp("/dashboard/c1/edit", {
    signedInAs: adaUser,
    handlers: [
      ...eventDashboardHandlers({
        community: communityFixture({ viewerRole: "ADMIN", viewerCapabilities: ADMIN }),
        rows: () => [],
      }),
      api.query(PaymentConnectionDocument, () =>
        HttpResponse.json({
          data: {
            paymentConnection: {
              communityId: "c1",
              status: "NOT_CONFIGURED",
              mode: null,
              accountId: null,
              chargesEnabled: false,
              payoutsEnabled: false,
              detailsSubmitted: false,
              checkedAt: null,
            },
          },
        }),
      ),
      billingDetailsHandler(stored),
    ],
  });
  const form = await screen.findByRole("form", { name: "Receipt details" });
  const preview = within(form).getByRole("figure", { name: "Receipt preview" });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  const save = within(form).getByRole("button", { name: "Save receipt details" }) as HTMLButtonElement;
  return { ...view, form, preview, field, save };
}

/** Answers the save with what was sent, trimmed as the server stores it, and records each input. */
function savesAsSent() {
  const sent: UpdateBillingDetailsMutationVariables[] = [];
  server.use(
    api.mutation(UpdateBillingDetailsDocument, ({ variables }) => {
      sent.push(variables);
      return HttpResponse.json({
        data: {
          updateBillingDetails: billingDetailsFixture({
            ...variables.input,
            updatedAt: "2026-05-01T10:00:00.000Z",
          }),
        },
      });
    }),
  );
  return sent;
}

describe("settings → payments → receipt details", () => {
  it("previews the receipt's seller lines while the admin types, and saves the trimmed details", async () => {
    const sent = savesAsSent();
    const { user, preview, field, save } = await openPayments();
    // Nothing set: receipts name the community.
    expect(preview.textContent).toContain("Sold byBook Club");
    expect(save.disabled).toBe(true);

    await user.type(field("Legal name"), "  Book Club e.V. ");
    await user.type(field("Address"), "Hafenstraße 12 {Enter}{Enter}20457 Hamburg");
    await user.type(field("Tax note"), "Prices include 19 % VAT · VAT ID DE123456789");
    expect(preview.textContent).toContain("Sold byBook Club e.V.");
    expect(within(preview).getByText(/Hafenstraße 12/).textContent).toBe("Hafenstraße 12\n20457 Hamburg");
    expect(within(preview).getByText("Prices include 19 % VAT · VAT ID DE123456789")).toBeTruthy();

    await user.click(save);
    expect(await screen.findByText("Receipt details saved.")).toBeTruthy();
    expect(sent).toEqual([
      {
        communityId: "c1",
        input: {
          legalName: "Book Club e.V.",
          address: "Hafenstraße 12\n\n20457 Hamburg",
          taxNote: "Prices include 19 % VAT · VAT ID DE123456789",
        },
      },
    ]);
    await vi.waitFor(() => expect(save.disabled).toBe(true));
    expect(field("Legal name").value).toBe("Book Club e.V.");
  });

  it("shows the server's refusal beside the field and keeps everything typed", async () => {
    server.use(
      api.mutation(UpdateBillingDetailsDocument, () =>
        fieldError(
          "address",
          "TOO_LONG",
          "Use at most 500 characters.",
          "Address: Use at most 500 characters.",
        ),
      ),
    );
    const { user, field, save } = await openPayments(billingDetailsFixture({ legalName: "Book Club e.V." }));
    expect(field("Legal name").value).toBe("Book Club e.V.");
    await user.type(field("Address"), "Street 1");
    await user.type(field("Tax note"), "VAT ID DE1");
    await user.click(save);

    const address = field("Address");
    await vi.waitFor(() => expect(address.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(`${address.id}-error`);
    expect(message?.textContent).toBe("Use at most 500 characters.");
    expect(address.getAttribute("aria-describedby")).toContain(`${address.id}-error`);
    expect(document.activeElement).toBe(address);
    expect([field("Legal name").value, address.value, field("Tax note").value]).toEqual([
      "Book Club e.V.",
      "Street 1",
      "VAT ID DE1",
    ]);
  });

  it("says a failed save beside the button and keeps the values; the next save goes through", async () => {
    let calls = 0;
    const sent = savesAsSent();
    server.use(
      api.mutation(UpdateBillingDetailsDocument, ({ variables }) => {
        calls++;
        if (calls === 1) return graphqlError("INTERNAL_SERVER_ERROR", "Unexpected error.");
        sent.push(variables);
        return HttpResponse.json({ data: { updateBillingDetails: billingDetailsFixture(variables.input) } });
      }),
    );
    const { user, form, field, save } = await openPayments();
    await user.type(field("Legal name"), "Book Club e.V.");
    await user.click(save);
    expect(
      await within(form).findByText(
        "We couldn't save the receipt details. Please try again. (INTERNAL_SERVER_ERROR)",
      ),
    ).toBeTruthy();
    expect(field("Legal name").value).toBe("Book Club e.V.");
    expect(save.disabled).toBe(false);
    await user.click(within(form).getByRole("button", { name: "Save receipt details" }));
    await vi.waitFor(() => expect(sent.map((v) => v.input.legalName)).toEqual(["Book Club e.V."]));
    expect(await screen.findByText("Receipt details saved.")).toBeTruthy();
  });

  it("asks before leaving with unsaved receipt details", async () => {
    const { user, router, field } = await openPayments();
    await user.type(field("Tax note"), "VAT ID DE1");
    void router.navigate({ to: "/dashboard/$communityId", params: { communityId: "c1" } });
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    await user.click(within(dialog).getByRole("button", { name: "Stay and keep editing" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/dashboard/c1/edit");
    expect(field("Tax note").value).toBe("VAT ID DE1");
  });

  it("stops each field at the length the server accepts", async () => {
    const { field } = await openPayments();
    expect([field("Legal name").maxLength, field("Address").maxLength, field("Tax note").maxLength]).toEqual([
      200, 500, 300,
    ]);
  });
});
