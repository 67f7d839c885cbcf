import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "#client/components/layout/dashboard-page.tsx";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { InsightsNotAvailable, InsightsPage } from "#client/features/insights/components/insights-page.tsx";
import { DEFAULT_PERIOD, formatPeriodParam, parsePeriod } from "#client/features/insights/period.ts";
import { keepInsightsSearch } from "#client/features/insights/route-search.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/insights")({
  validateSearch: keepInsightsSearch,
  component: InsightsRoute,
});

function InsightsRoute() {
  const { communityId } = Route.useParams();
  const { period: param } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const period = parsePeriod(param) ?? { preset: DEFAULT_PERIOD };
  return (
    <DashboardPage
      title="Insights"
      communityName={community.name}
      description="How your community grows, who shows up, where people come from and what it earns."
    >
      {community.viewerCapabilities.includes("INSIGHTS_VIEW") ? (
        <InsightsPage
          communityId={communityId}
          period={period}
          onPeriodChange={(next) =>
            void navigate({ search: { period: formatPeriodParam(next) }, resetScroll: false })
          }
        />
      ) : (
        <InsightsNotAvailable />
      )}
    </DashboardPage>
  );
}
