import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  ADMIN_CAPABILITIES as MEMBER_ADMIN,
  memberRow,
  membersPageHandlers,
  openMembersPage,
} from "#client/features/members/components/members-page-test-support.ts";
import {
  paymentRow,
  paymentsPageHandlers,
} from "#client/features/payments/components/payments-page-test-support.ts";
import {
  type Capability,
  MemberDocument,
  type MemberQuery,
  PayerPaymentsDocument,
  type PayerPaymentsQueryVariables,
  PayerPaymentTotalsDocument,
} from "#client/gql/graphql.ts";
import { communityFixture } from "#client/test-fixtures.ts";
import { api, server } from "#client/test-network.ts";

const ada = memberRow("m1", "Ada Guest");
const ticket = paymentRow("p1", "Ada Guest", {
  createdAt: "2031-05-03T10:00:00.000Z",
  amountMinor: 2_500,
  netMinor: 2_500,
  payer: { userId: "u-m1", name: "Ada Guest", email: "m1@example.test" },
  event: { id: "e1", title: "Harbour tour" },
});
const dues = paymentRow("p2", "Ada Guest", {
  createdAt: "2031-05-01T10:00:00.000Z",
  purpose: "MEMBERSHIP",
  status: "PARTIALLY_REFUNDED",
  amountMinor: 5_000,
  refundedMinor: 1_000,
  netMinor: 4_000,
  payer: { userId: "u-m1", name: "Ada Guest", email: "m1@example.test" },
});

/** The members page's server with Ada's payments; records what the drawer asked the payments API. */
function drawerServer() {
  const asked: PayerPaymentsQueryVariables[] = [];
  server.use(
    ...membersPageHandlers({ members: () => [ada] }),
    api.query(MemberDocument, () => {
      const member: MemberQuery["member"] = { ...ada, eventsRegistered: 1, joinAnswers: [], timeline: [] };
      return HttpResponse.json({ data: { member } });
    }),
    api.query(PayerPaymentsDocument, ({ variables }) => {
      asked.push(variables);
      return HttpResponse.json({
        data: {
          payments: {
            totalCount: 2,
            pageInfo: { endCursor: null, hasNextPage: false },
            nodes: [ticket, dues],
          },
        },
      });
    }),
    api.query(PayerPaymentTotalsDocument, () =>
      HttpResponse.json({
        data: {
          payerPaymentTotals: [
            { currency: "EUR", grossMinor: 7_500, refundsMinor: 1_000, netMinor: 6_500, payments: 2 },
          ],
        },
      }),
    ),
    ...paymentsPageHandlers({ payments: () => [ticket, dues] }),
  );
  return { asked };
}

const open = (capabilities: Capability[]) =>
  openMembersPage(communityFixture({ viewerRole: "ADMIN", viewerCapabilities: capabilities }));

describe("a member's payments in the member drawer", () => {
  it("lists them newest first with the total per currency, and opens one in the payments page's drawer", async () => {
    const network = drawerServer();
    const { user, router } = await open([...MEMBER_ADMIN, "PAYMENTS_MANAGE"]);
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("button", { name: "Ada Guest" }));
    const drawer = await screen.findByRole("dialog", { name: "Ada Guest" });
    const section = await within(drawer).findByRole("region", { name: "Payments" });
    const links = await within(section).findAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Ticket · Harbour tour€25\.00.*Paid$/),
      expect.stringMatching(/^Membership€50\.00.*Partly refunded$/),
    ]);
    expect(links[0]?.getAttribute("href")).toBe("/dashboard/c1/payments?payment=p1");
    const totals = await within(section).findByRole("definition");
    expect(totals.textContent).toBe("€65.00");
    expect(within(section).getByRole("term").textContent).toBe("Paid in EUR, less €10.00 refunded");
    expect(network.asked).toEqual([{ communityId: "c1", payerUserId: "u-m1", first: 10, after: null }]);

    await user.click(links[0] as HTMLElement);
    const paymentDrawer = await screen.findByRole("dialog", { name: "Payment from Ada Guest" });
    expect(router.state.location.pathname).toBe("/dashboard/c1/payments");
    expect(await within(paymentDrawer).findByText("Harbour tour")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.search).toEqual({});
  });

  it("is left out for those who do not manage payments, who never ask for them", async () => {
    const network = drawerServer();
    const { user } = await open(MEMBER_ADMIN);
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("button", { name: "Ada Guest" }));
    const drawer = await screen.findByRole("dialog", { name: "Ada Guest" });
    await within(drawer).findByText("m1@example.test");
    expect(within(drawer).queryByRole("region", { name: "Payments" })).toBeNull();
    expect(network.asked).toEqual([]);
  });
});
