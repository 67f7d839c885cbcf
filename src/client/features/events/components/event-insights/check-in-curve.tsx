import type { EventInsightsQuery } from "#client/gql/graphql.ts";
import { EmptyNote, InsightsCard } from "./insights-card.tsx";

type Point = EventInsightsQuery["eventInsights"]["checkIns"][number];

/** A quarter hour's start on the event's clock; the date too when the curve spans several days. */
function timeLabel(points: readonly Point[], timeZone: string) {
  const days = new Set(points.map((p) => p.localTime.slice(0, 10)));
  const format = new Intl.DateTimeFormat(undefined, {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    ...(days.size > 1 ? { weekday: "short", day: "numeric", month: "short" } : {}),
  });
  return (point: Point) => format.format(new Date(point.at));
}

/** Check-ins per quarter hour and the running total, on the event's day. */
export function CheckInCurve({ points, timeZone }: { points: readonly Point[]; timeZone: string }) {
  const label = timeLabel(points, timeZone);
  const count = new Intl.NumberFormat();
  return (
    <InsightsCard title="Check-ins" description={`Per quarter hour, in the event's time zone (${timeZone}).`}>
      {points.length === 0 ? (
        <EmptyNote>The curve appears on the day, from the first check-in.</EmptyNote>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Check-ins per quarter hour</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  From
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Check-ins
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.at} className="border-t">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <time dateTime={point.at}>{label(point)}</time>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{count.format(point.checkIns)}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{count.format(point.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </InsightsCard>
  );
}
