import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  OverviewPageDocument,
  type PaymentsQueryVariables,
  type PaymentTotalsQueryVariables,
  RecordPaymentDocument,
  type RecordPaymentMutationVariables,
  RefundPaymentDocument,
  type RefundPaymentMutationVariables,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api, fieldError, server } from "#client/test-network.ts";
import { periodRange } from "../periods.ts";
import {
  adminCommunity,
  openPaymentsPage,
  type PaymentRowFixture,
  paymentDetail,
  paymentRow,
  paymentsPageHandlers,
} from "./payments-page-test-support.ts";

/** Money as Intl writes it, with its narrow spaces made plain for matching. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");

function paymentsServer(rows: PaymentRowFixture[]) {
  const lists: PaymentsQueryVariables[] = [];
  const totals: PaymentTotalsQueryVariables[] = [];
  let current = rows;
  server.use(
    ...paymentsPageHandlers({
      payments: (variables) => {
        lists.push(variables);
        return current;
      },
      totals: (variables) => {
        totals.push(variables);
        return [
          {
            currency: "EUR",
            grossMinor: 123_450,
            refundsMinor: 2_500,
            feesMinor: 88,
            netMinor: 120_862,
            payments: 12,
            refunds: 1,
          },
          {
            currency: "JPY",
            grossMinor: 1_500,
            refundsMinor: 0,
            feesMinor: 0,
            netMinor: 1_500,
            payments: 1,
            refunds: 0,
          },
          {
            currency: "KWD",
            grossMinor: 12_345,
            refundsMinor: 0,
            feesMinor: 345,
            netMinor: 12_000,
            payments: 1,
            refunds: 0,
          },
        ];
      },
    }),
  );
  return {
    lists,
    totals,
    set: (next: PaymentRowFixture[]) => {
      current = next;
    },
  };
}

const figure = (group: HTMLElement, label: string) =>
  plain(within(group).getByText(label, { selector: "dt" }).nextElementSibling?.textContent);

describe("the payments page", () => {
  it("reads the table's filters from the URL, in the community's days, and writes new ones back", async () => {
    const network = paymentsServer([paymentRow("p1", "Ada Guest")]);
    const { user, router } = await openPaymentsPage(
      "/dashboard/c1/payments?status=REFUNDED&from=2031-05-01&to=2031-05-31&q=ada",
    );
    await screen.findByRole("table", { name: /Payments/ });
    expect(network.lists.at(-1)).toMatchObject({
      search: "ada",
      filter: {
        statuses: ["REFUNDED"],
        createdAfter: "2031-05-01T00:00:00.000Z",
        createdBefore: "2031-06-01T00:00:00.000Z",
      },
    });
    await user.selectOptions(screen.getByLabelText("Purpose"), "MEMBERSHIP");
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ status: "REFUNDED", purpose: "MEMBERSHIP" }),
    );
    await waitFor(() => expect(network.lists.at(-1)?.filter).toMatchObject({ purposes: ["MEMBERSHIP"] }));
    const csv = await screen.findByRole("link", { name: /Export filtered to CSV/ });
    expect(csv.getAttribute("href")).toBe(
      "/api/communities/c1/payments.csv?search=ada&status=REFUNDED&purpose=MEMBERSHIP&createdAfter=2031-05-01T00%3A00%3A00.000Z&createdBefore=2031-06-01T00%3A00%3A00.000Z",
    );
  });

  it("shows the period's totals per currency in its own decimals and asks again for another period", async () => {
    const network = paymentsServer([]);
    const { user, router } = await openPaymentsPage();
    const eur = await screen.findByLabelText("Last 30 days in EUR");
    expect(figure(eur, "Gross")).toBe("€1,234.50");
    expect(figure(eur, "Net")).toBe("€1,208.62");
    expect(figure(screen.getByLabelText("Last 30 days in JPY"), "Gross")).toBe("¥1,500");
    expect(figure(screen.getByLabelText("Last 30 days in KWD"), "Fees")).toBe("KWD 0.345");
    expect(network.totals.at(-1)).toEqual({ communityId: "c1", ...periodRange("30d", new Date(), "UTC") });

    await user.selectOptions(screen.getByLabelText("Period"), "thisYear");
    await waitFor(() => expect(router.state.location.search).toMatchObject({ period: "thisYear" }));
    await waitFor(() =>
      expect(network.totals.at(-1)).toEqual({
        communityId: "c1",
        ...periodRange("thisYear", new Date(), "UTC"),
      }),
    );
    expect(await screen.findByLabelText("This year in EUR")).toBeTruthy();
  });

  it("records a payment, showing each problem next to its field and keeping what was typed", async () => {
    const network = paymentsServer([]);
    const recorded: RecordPaymentMutationVariables[] = [];
    server.use(
      api.mutation(RecordPaymentDocument, ({ variables }) => {
        recorded.push(variables);
        if (variables.input.payerEmail === "walk-in@") {
          return fieldError("payerEmail", "INVALID_EMAIL", "Enter an email address such as ada@example.com.");
        }
        const row = paymentRow("p9", "Walk-in", { amountMinor: 1_500, currency: "JPY", netMinor: 1_500 });
        network.set([row]);
        return HttpResponse.json({ data: { recordPayment: row } });
      }),
    );
    const { user } = await openPaymentsPage();
    expect(await screen.findByText(/No payments yet\. Use “Record payment”/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Record payment" }));
    const dialog = await screen.findByRole("dialog", { name: "Record a payment" });
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));
    const amount = within(dialog).getByLabelText("Amount");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(amount.getAttribute("aria-describedby")).toContain(
      within(dialog).getByText("Enter the amount.").getAttribute("id"),
    );
    expect(within(dialog).getByText("Enter who paid.")).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText("Currency"), "JPY");
    await user.type(amount, "15.5");
    await user.type(within(dialog).getByLabelText("Payer's name"), "Walk-in");
    await user.type(within(dialog).getByLabelText("Payer's email (optional)"), "walk-in@");
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));
    expect(within(dialog).getByText("JPY has no smaller unit: enter a whole amount.")).toBeTruthy();
    expect(recorded).toEqual([]);

    await user.clear(amount);
    await user.type(amount, "1,500");
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));
    const emailError = await within(dialog).findByText("Enter an email address such as ada@example.com.");
    expect(
      within(dialog).getByLabelText("Payer's email (optional)").getAttribute("aria-describedby"),
    ).toContain(emailError.getAttribute("id"));
    expect((within(dialog).getByLabelText("Payer's name") as HTMLInputElement).value).toBe("Walk-in");
    expect((amount as HTMLInputElement).value).toBe("1,500");

    await user.clear(within(dialog).getByLabelText("Payer's email (optional)"));
    await user.click(within(dialog).getByRole("radio", { name: "Bank transfer" }));
    const fee = within(dialog).getByLabelText("Fee (optional)");
    const receivedOn = within(dialog).getByLabelText("Received on");
    await user.type(fee, "2000");
    fireEvent.change(receivedOn, { target: { value: "2999-01-01" } });
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));
    expect(within(dialog).getByText("A fee is at most the amount.")).toBeTruthy();
    expect(within(dialog).getByText("A payment cannot be dated in the future.")).toBeTruthy();
    expect(recorded).toHaveLength(1);
    await user.clear(fee);
    await user.type(fee, "30");
    fireEvent.change(receivedOn, { target: { value: "2026-01-15" } });
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Record a payment" })).toBeNull());
    expect(recorded.at(-1)).toEqual({
      communityId: "c1",
      input: {
        amountMinor: 1_500,
        currency: "JPY",
        method: "BANK_TRANSFER",
        purpose: "TICKET",
        eventId: null,
        payerName: "Walk-in",
        payerEmail: null,
        note: null,
        feeMinor: 30,
        paidAt: new Date("2026-01-15T12:00").toISOString(),
      },
    });
    expect(await screen.findByRole("button", { name: /^Walk-in/ })).toBeTruthy();
  });

  it("refunds part of a payment from its drawer and lists the refund", async () => {
    const grace = paymentRow("p1", "Grace Hopper", { amountMinor: 10_000, netMinor: 10_000 });
    let detail = paymentDetail(grace);
    server.use(...paymentsPageHandlers({ payments: () => [grace], payment: () => detail }));
    const refunds: RefundPaymentMutationVariables[] = [];
    server.use(
      api.mutation(RefundPaymentDocument, ({ variables }) => {
        refunds.push(variables);
        const updated = {
          ...grace,
          status: "PARTIALLY_REFUNDED" as const,
          refundedMinor: 2_500,
          netMinor: 7_500,
        };
        detail = paymentDetail(updated, [
          { id: "r1", amountMinor: 2_500, reason: variables.reason, createdAt: "2031-05-02T09:00:00.000Z" },
        ]);
        return HttpResponse.json({ data: { refundPayment: updated } });
      }),
    );
    const { user } = await openPaymentsPage();
    await user.click(await screen.findByRole("button", { name: "Grace Hopper" }));
    const drawer = await screen.findByRole("dialog", { name: "Payment from Grace Hopper" });
    expect(await within(drawer).findByText("€100.00 can still be refunded.")).toBeTruthy();
    await user.click(within(drawer).getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund Grace Hopper" });
    const amount = within(dialog).getByLabelText("Amount to refund (EUR)") as HTMLInputElement;
    expect(amount.value).toBe("100.00");
    await user.clear(amount);
    await user.type(amount, "120");
    await user.click(within(dialog).getByRole("button", { name: "Record refund" }));
    expect(
      plain(within(dialog).getByText(/is left to refund\.$/, { selector: "p[role=alert]" }).textContent),
    ).toBe("At most €100.00 is left to refund.");
    expect(within(dialog).getByText("Say why the money goes back.")).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, "25");
    await user.type(within(dialog).getByLabelText("Reason"), "Left early");
    await user.click(within(dialog).getByRole("button", { name: "Record refund" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Refund Grace Hopper" })).toBeNull());
    expect(refunds).toEqual([
      { id: "p1", amountMinor: 2_500, reason: "Left early", cancelRegistration: false },
    ]);
    const list = await within(drawer).findByRole("region", { name: "Refunds" });
    expect(within(list).getByText("Left early")).toBeTruthy();
    expect(within(drawer).getByText("Partly refunded")).toBeTruthy();
  });

  it("refunds a card payment through Stripe and cancels its registration, saying a refusal beside the checkbox", async () => {
    const ada = paymentRow("p2", "Ada Guest", {
      method: "STRIPE",
      amountMinor: 4_000,
      feeMinor: 146,
      netMinor: 3_854,
    });
    let detail = paymentDetail(ada, [], {
      providerRef: "pi_123",
      registrationId: "r1",
      registrationCancelable: true,
    });
    server.use(...paymentsPageHandlers({ payments: () => [ada], payment: () => detail }));
    const refunds: RefundPaymentMutationVariables[] = [];
    server.use(
      api.mutation(RefundPaymentDocument, ({ variables }) => {
        refunds.push(variables);
        if (refunds.length === 1)
          return HttpResponse.json({
            errors: [
              {
                message: "They are already checked in, so the registration cannot be canceled.",
                extensions: {
                  code: "BAD_USER_INPUT",
                  fields: [
                    {
                      field: "cancelRegistration",
                      code: "CHECKED_IN",
                      message: "They are already checked in, so the registration cannot be canceled.",
                    },
                  ],
                },
              },
            ],
            data: null,
          });
        const updated = { ...ada, status: "REFUNDED" as const, refundedMinor: 4_000, netMinor: -146 };
        detail = paymentDetail(
          updated,
          [{ id: "r1", amountMinor: 4_000, reason: variables.reason, createdAt: "2031-05-02T09:00:00.000Z" }],
          { providerRef: "pi_123", registrationId: "r1", registrationCancelable: false },
        );
        return HttpResponse.json({ data: { refundPayment: updated } });
      }),
    );
    const { user } = await openPaymentsPage();
    await user.click(await screen.findByRole("button", { name: "Ada Guest" }));
    const drawer = await screen.findByRole("dialog", { name: "Payment from Ada Guest" });
    await user.click(await within(drawer).findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund Ada Guest" });
    expect(within(dialog).getByText(/Stripe sends it back to the card it was paid with\.$/)).toBeTruthy();
    const cancel = within(dialog).getByRole("checkbox", {
      name: "Also cancel the registration and free the seat",
    }) as HTMLInputElement;
    expect(cancel.checked).toBe(false);
    await user.click(cancel);
    await user.type(within(dialog).getByLabelText("Reason"), "Event moved");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(
      await within(dialog).findByText("They are already checked in, so the registration cannot be canceled."),
    ).toBeTruthy();
    expect(cancel.getAttribute("aria-invalid")).toBe("true");
    expect((within(dialog).getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("Event moved");

    await user.click(cancel);
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Refund Ada Guest" })).toBeNull());
    expect(refunds.map((r) => [r.amountMinor, r.cancelRegistration])).toEqual([
      [4_000, true],
      [4_000, false],
    ]);
    const list = await within(drawer).findByRole("region", { name: "Refunds" });
    expect(within(list).getByText("Event moved")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: "Refund" })).toBeNull();
  });

  it("says what to do when nothing matches, and clears the filters but keeps the period", async () => {
    paymentsServer([]);
    const { user, router } = await openPaymentsPage("/dashboard/c1/payments?period=7d&status=FAILED");
    await user.click(await screen.findByRole("button", { name: "Clear filters" }));
    expect(screen.getByText("No payments match these filters.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ period: "7d" }));
    expect(await screen.findByText(/No payments yet\./)).toBeTruthy();
  });
});

describe("the overview's revenue", () => {
  it("shows the last 30 days per currency to those who manage payments", async () => {
    await renderApp("/dashboard/c1", {
      signedInAs: adaUser,
      handlers: [
        ...eventDashboardHandlers({ community: adminCommunity, rows: () => [] }),
        api.query(OverviewPageDocument, () =>
          HttpResponse.json({
            data: {
              upcoming: { nodes: [], pageInfo: { hasNextPage: false } },
              drafts: { nodes: [] },
              past: { nodes: [] },
              community: {
                id: "c1",
                pendingJoinRequests: 0,
                memberStats: null,
                insightsSummary: null,
                newestMembers: null,
              },
              revenueCommunity: {
                id: "c1",
                insightsSummary: {
                  revenue: [
                    { currency: "EUR", amountMinor: 120_950 },
                    { currency: "JPY", amountMinor: 1_500 },
                  ],
                },
              },
              status: {
                id: "c1",
                pendingJoinRequests: 0,
                heldSeats: 0,
                invitedAnyone: false,
                canTakePayments: true,
                memberStats: null,
                paymentActivity: { failedLast30Days: 0, anyTaken: true },
              },
            },
          }),
        ),
      ],
    });
    const label = await screen.findByText("Revenue in the last 30 days");
    const amounts = [...(label.parentElement?.querySelectorAll("dd") ?? [])].map((dd) =>
      plain(dd.textContent),
    );
    expect(amounts).toEqual(["€1,209.50", "¥1,500", "See payments"]);
  });
});
