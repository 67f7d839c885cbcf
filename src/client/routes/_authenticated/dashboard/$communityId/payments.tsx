import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage, EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { PaymentsPage } from "#client/features/payments/components/payments-page.tsx";
import { keepPaymentsSearch } from "#client/features/payments/route-search.ts";
import { parsePaymentsSearch } from "#client/features/payments/search-params.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/payments")({
  validateSearch: keepPaymentsSearch,
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const { communityId } = Route.useParams();
  const search = parsePaymentsSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return (
    <DashboardPage
      title="Payments"
      communityName={community.name}
      description="Every payment of your community, taken by card or recorded by hand, with refunds and totals."
    >
      {community.viewerCapabilities.includes("PAYMENTS_MANAGE") ? (
        <PaymentsPage
          communityId={communityId}
          currency={community.currency}
          timeZone={community.timeZone}
          search={search}
          // Opening a payment's drawer from far down the table must not scroll the page back up.
          onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
        />
      ) : (
        <EmptyPanel>Only admins and owners can see the community's payments.</EmptyPanel>
      )}
    </DashboardPage>
  );
}
