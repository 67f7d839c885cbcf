import { useSuspenseQuery } from "@tanstack/react-query";
import { formatCount, formatShare } from "#client/components/charts/chart-format.ts";
import { ChartTable } from "#client/components/charts/chart-table.tsx";
import { eventInsightsQueryOptions } from "#client/features/events/api/event-insights-queries.ts";
import type { EventInsightsQuery } from "#client/gql/graphql.ts";
import { CheckInCurve } from "./check-in-curve.tsx";
import { EmptyNote, InsightsCard } from "./insights-card.tsx";
import { sourceLabel } from "./source-labels.ts";

type Insights = EventInsightsQuery["eventInsights"];

/** The event's numbers for those who may see insights: views, registrations, sources, check-ins. */
export function EventInsightsSection({ eventId }: { eventId: string }) {
  const { data: insights } = useSuspenseQuery(eventInsightsQueryOptions(eventId));
  return (
    <section aria-labelledby="event-insights-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="event-insights-heading" className="text-lg font-semibold">
          Insights
        </h2>
        <p className="text-sm text-muted-foreground">
          Page views are counted on our server without cookies; bots and link previews are left out.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure
          label="Page views"
          value={formatCount(insights.pageViews.total)}
          detail={viewDays(insights.pageViews.days.length)}
        />
        <Figure
          label="Registrations"
          value={formatCount(insights.registrations)}
          detail="Not counting unpaid orders"
        />
        <Figure label="Going" value={formatCount(insights.going)} detail="Registrations with a seat" />
        <Figure
          label="Conversion"
          value={insights.conversion === null ? "—" : formatShare(insights.conversion, undefined, 1)}
          detail={insights.conversion === null ? "No page views yet" : "Registrations per page view"}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <SourcesCard insights={insights} />
        <CheckInCurve points={insights.checkIns} timeZone={insights.timeZone} />
      </div>
    </section>
  );
}

const viewDays = (days: number) =>
  days === 0 ? "None yet" : days === 1 ? "On 1 day" : `Over ${formatCount(days)} days`;

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border bg-card p-3 shadow-xs">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tracking-tight tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}

function SourcesCard({ insights }: { insights: Insights }) {
  const total = insights.registrations;
  return (
    <InsightsCard title="Sources" description="Where registrations came from.">
      {insights.sources.length === 0 ? (
        <EmptyNote>Each registration appears here with where it came from.</EmptyNote>
      ) : (
        <ChartTable
          caption="Registrations by source"
          rows={insights.sources}
          rowKey={(source) => source.origin}
          columns={[
            { label: "Source", cell: sourceLabel },
            { label: "Registrations", numeric: true, cell: (source) => formatCount(source.registrations) },
            {
              label: "Share",
              numeric: true,
              cell: (source) => formatShare(total > 0 ? source.registrations / total : null, undefined, 1),
            },
            { label: "Going", numeric: true, cell: (source) => formatCount(source.going) },
          ]}
        />
      )}
    </InsightsCard>
  );
}
