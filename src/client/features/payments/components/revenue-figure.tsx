import { Link } from "@tanstack/react-router";
import type { RevenueQuery } from "#client/gql/graphql.ts";
import { money } from "../labels.ts";

type Revenue = NonNullable<NonNullable<RevenueQuery["revenueCommunity"]["insightsSummary"]>["revenue"]>;

/**
 * The overview's revenue of the last 30 days (the community's days): payments that went through
 * less refunds, one line per currency, the same figure as the insights page's.
 */
export function RevenueFigure({ communityId, revenue }: { communityId: string; revenue: Revenue }) {
  return (
    <dl className="rounded-xl border bg-card p-4 shadow-xs">
      <dt className="text-sm text-muted-foreground">Revenue in the last 30 days</dt>
      {revenue.length === 0 ? (
        <dd className="mt-1 text-lg font-semibold tracking-tight">None yet</dd>
      ) : (
        revenue.map((r) => (
          <dd key={r.currency} className="mt-1 text-lg font-semibold tracking-tight tabular-nums">
            {money(r.amountMinor, r.currency)}
          </dd>
        ))
      )}
      <dd className="mt-1 text-sm">
        <Link
          to="/dashboard/$communityId/payments"
          params={{ communityId }}
          className="text-primary hover:underline"
        >
          See payments
        </Link>
      </dd>
    </dl>
  );
}
