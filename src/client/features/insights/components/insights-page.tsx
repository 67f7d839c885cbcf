import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChartCardSkeleton } from "#client/components/charts/chart-card.tsx";
import { EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { type CommunityInsights, communityInsightsQueryOptions } from "../api/insights-queries.ts";
import { granularityOf } from "../labels.ts";
import { csvHref, type Period } from "../period.ts";
import { CohortHeatmap } from "./cohort-heatmap.tsx";
import { ActiveMembersChart, EventsHeldChart, MemberGrowthChart } from "./growth-charts.tsx";
import { HeadlineFigures } from "./headline-figures.tsx";
import { PeriodPicker } from "./period-picker.tsx";
import { RevenueCharts } from "./revenue-chart.tsx";
import { SourcesChart } from "./sources-chart.tsx";
import { TopEventsTable } from "./top-events-table.tsx";

/** The community's numbers for one period: the picker, the key figures, then every chart. */
export function InsightsPage({
  communityId,
  period,
  onPeriodChange,
}: {
  communityId: string;
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useQuery({
    ...communityInsightsQueryOptions(communityId, period),
    // Another period keeps the current charts on screen until its numbers arrive.
    placeholderData: keepPreviousData,
  });
  const picker = <PeriodPicker period={period} resolved={query.data?.period} onChange={onPeriodChange} />;

  if (query.isError && !query.data) {
    return (
      <div className="grid gap-6">
        {picker}
        <InsightsError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <div className="grid gap-6" aria-busy={query.isFetching}>
      {picker}
      {query.data ? (
        <InsightsContent communityId={communityId} period={period} insights={query.data} />
      ) : (
        <InsightsSkeleton />
      )}
    </div>
  );
}

function InsightsContent({
  communityId,
  period,
  insights,
}: {
  communityId: string;
  period: Period;
  insights: CommunityInsights;
}) {
  const granularity = granularityOf(insights.period.granularity);
  const href = (chart: Parameters<typeof csvHref>[1]) => csvHref(communityId, chart, period);
  return (
    <>
      <HeadlineFigures figures={insights.figures} hasPreviousPeriod={insights.period.previousFrom !== null} />
      <div className="grid gap-4 lg:grid-cols-2">
        <MemberGrowthChart
          rows={insights.memberGrowth}
          granularity={granularity}
          csvHref={href("member-growth")}
        />
        <ActiveMembersChart
          rows={insights.activeMembers}
          granularity={granularity}
          csvHref={href("active-members")}
        />
        <EventsHeldChart rows={insights.eventsHeld} granularity={granularity} csvHref={href("events-held")} />
        <SourcesChart rows={insights.sources} csvHref={href("sources")} />
        {insights.revenue ? (
          <RevenueCharts rows={insights.revenue} granularity={granularity} csvHref={href("revenue")} />
        ) : null}
      </div>
      <TopEventsTable
        communityId={communityId}
        rows={insights.topEvents}
        timeZone={insights.period.timeZone}
        csvHref={href("top-events")}
      />
      <CohortHeatmap rows={insights.cohorts} csvHref={href("cohorts")} />
    </>
  );
}

function InsightsSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading insights">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCardSkeleton />
        <ChartCardSkeleton />
        <ChartCardSkeleton />
        <ChartCardSkeleton />
      </div>
    </div>
  );
}

function InsightsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") {
    return <InsightsNotAvailable />;
  }
  const message =
    error instanceof GraphQLRequestError && error.code === "BAD_USER_INPUT"
      ? (error.fields[0]?.message ?? error.message)
      : "The numbers could not be loaded.";
  return (
    <EmptyPanel className="grid justify-items-center gap-3">
      <p role="alert">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </EmptyPanel>
  );
}

/** What someone without insights.view sees at the page's address. */
export function InsightsNotAvailable() {
  return (
    <EmptyPanel>
      Insights are not available to you. Organizers, admins and owners of the community can see them.
    </EmptyPanel>
  );
}
