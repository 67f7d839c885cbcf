import { HttpResponse } from "msw";
import {
  type Capability,
  PaymentDocument,
  PaymentEventsDocument,
  PaymentPlansDocument,
  type PaymentPlansQuery,
  type PaymentQuery,
  type PaymentRowFieldsFragment,
  PaymentsDocument,
  type PaymentsQueryVariables,
  PaymentTotalsDocument,
  type PaymentTotalsQuery,
  type PaymentTotalsQueryVariables,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { type CommunityFixture, communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api } from "#client/test-network.ts";

export type PaymentRowFixture = PaymentRowFieldsFragment;
export type TotalsFixture = PaymentTotalsQuery["paymentTotals"][number];

/** What an admin may do: payments among the rest. */
export const ADMIN_CAPABILITIES: Capability[] = [
  "COMMUNITY_VIEW",
  "MEMBERS_VIEW",
  "MEMBERS_MANAGE",
  "EVENTS_MANAGE",
  "PAYMENTS_MANAGE",
];

export const adminCommunity = communityFixture({
  viewerRole: "ADMIN",
  viewerCapabilities: ADMIN_CAPABILITIES,
  timeZone: "UTC",
});

/** Cash in euros that went through; tests override what they need. */
export function paymentRow(
  id: string,
  name: string,
  overrides: Partial<PaymentRowFixture> = {},
): PaymentRowFixture {
  return {
    id,
    createdAt: "2031-05-01T10:00:00.000Z",
    succeededAt: "2031-05-01T10:00:00.000Z",
    purpose: "TICKET",
    status: "SUCCEEDED",
    method: "CASH",
    amountMinor: 2_000,
    feeMinor: 0,
    refundedMinor: 0,
    netMinor: 2_000,
    currency: "EUR",
    note: "",
    payer: { userId: null, name, email: `${id}@example.test` },
    event: null,
    ...overrides,
  };
}

export function paymentDetail(
  row: PaymentRowFixture,
  refunds: PaymentQuery["payment"]["refunds"] = [],
  overrides: Partial<
    Pick<PaymentQuery["payment"], "providerRef" | "registrationId" | "registrationCancelable">
  > = {},
) {
  return {
    ...row,
    providerRef: null,
    registrationId: null,
    registrationCancelable: false,
    refunds,
    ...overrides,
  };
}

/**
 * What the payments page asks the server for: the list, one payment, the totals and the events.
 * Each is read on every request, so a test can change them as the server would after an action.
 */
export function paymentsPageHandlers({
  payments = () => [],
  payment = (id) => {
    const row = payments({ communityId: "c1" }).find((p) => p.id === id);
    return row ? paymentDetail(row) : null;
  },
  totals = () => [],
  plans = [],
}: {
  payments?: (variables: PaymentsQueryVariables) => PaymentRowFixture[];
  payment?: (id: string) => PaymentQuery["payment"] | null;
  totals?: (variables: PaymentTotalsQueryVariables) => TotalsFixture[];
  /** The community's membership plans (none: no plan filter). */
  plans?: PaymentPlansQuery["membershipPlans"];
} = {}) {
  return [
    api.query(PaymentsDocument, ({ variables }) => {
      const nodes = payments(variables);
      return HttpResponse.json({
        data: {
          payments: {
            totalCount: nodes.length,
            totalCountCapped: false,
            pageInfo: { endCursor: null, hasNextPage: false },
            nodes,
          },
        },
      });
    }),
    api.query(PaymentDocument, ({ variables }) =>
      HttpResponse.json({ data: { payment: payment(String(variables.id)) } } as { data: PaymentQuery }),
    ),
    api.query(PaymentTotalsDocument, ({ variables }) =>
      HttpResponse.json({ data: { paymentTotals: totals(variables) } }),
    ),
    api.query(PaymentPlansDocument, () => HttpResponse.json({ data: { membershipPlans: plans } })),
    api.query(PaymentEventsDocument, () =>
      HttpResponse.json({
        data: {
          upcoming: {
            nodes: [{ id: "e1", title: "Board game night", startsAt: "2036-05-01T17:00:00.000Z" }],
          },
          past: { nodes: [{ id: "e0", title: "Spring fair", startsAt: "2031-04-01T17:00:00.000Z" }] },
        },
      }),
    ),
  ];
}

/** The payments page (or `url`) as the signed-in Ada Guest, staff of `community`. */
export function openPaymentsPage(
  url = "/dashboard/c1/payments",
  community: CommunityFixture = adminCommunity,
) {
  return renderApp(url, {
    signedInAs: adaUser,
    handlers: eventDashboardHandlers({ community, rows: () => [] }),
  });
}
