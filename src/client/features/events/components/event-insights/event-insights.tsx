import { useSuspenseQuery } from "@tanstack/react-query";
import { eventInsightsQueryOptions } from "#client/features/events/api/event-insights-queries.ts";
import type { EventInsightsQuery } from "#client/gql/graphql.ts";
import { CheckInCurve } from "./check-in-curve.tsx";
import { EmptyNote, InsightsCard } from "./insights-card.tsx";
import { sourceLabel } from "./source-labels.ts";

type Insights = EventInsightsQuery["eventInsights"];

const count = (value: number) => new Intl.NumberFormat().format(value);
const share = (value: number) =>
  new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 }).format(value);

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
          value={count(insights.pageViews.total)}
          detail={viewDays(insights.pageViews.days.length)}
        />
        <Figure
          label="Registrations"
          value={count(insights.registrations)}
          detail="Not counting unpaid orders"
        />
        <Figure label="Going" value={count(insights.going)} detail="Registrations with a seat" />
        <Figure
          label="Conversion"
          value={insights.conversion === null ? "—" : share(insights.conversion)}
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
  days === 0 ? "None yet" : days === 1 ? "On 1 day" : `Over ${count(days)} days`;

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
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Registrations by source</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Source
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Registrations
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Share
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Going
                </th>
              </tr>
            </thead>
            <tbody>
              {insights.sources.map((source) => (
                <tr key={source.origin} className="border-t">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {sourceLabel(source)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{count(source.registrations)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {total > 0 ? share(source.registrations / total) : "—"}
                  </td>
                  <td className="py-2 pl-3 text-right tabular-nums">{count(source.going)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </InsightsCard>
  );
}
