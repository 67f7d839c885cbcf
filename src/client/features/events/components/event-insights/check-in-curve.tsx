import { lazy, Suspense, useMemo } from "react";
import { ChartCard } from "#client/components/charts/chart-card.tsx";
import { formatCount } from "#client/components/charts/chart-format.ts";
import { ChartTable } from "#client/components/charts/chart-table.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { EventInsightsQuery } from "#client/gql/graphql.ts";

type CheckInPoint = EventInsightsQuery["eventInsights"]["checkIns"][number];

// The drawing library loads only once there is a curve to draw.
const CheckInChart = lazy(() => import("./check-in-chart.tsx").then((m) => ({ default: m.CheckInChart })));

/** A quarter hour's start on the event's clock; with the day too when the curve spans several. */
export function useQuarterHourLabel(points: readonly CheckInPoint[], timeZone: string) {
  return useMemo(() => {
    const days = new Set(points.map((p) => p.localTime.slice(0, 10)));
    const format = new Intl.DateTimeFormat(undefined, {
      timeZone,
      hour: "numeric",
      minute: "2-digit",
      ...(days.size > 1 ? { weekday: "short", day: "numeric", month: "short" } : {}),
    });
    return (time: number) => format.format(time);
  }, [points, timeZone]);
}

/** Check-ins per quarter hour and how many are in so far, on the event's day and clock. */
export function CheckInCurve({ points, timeZone }: { points: readonly CheckInPoint[]; timeZone: string }) {
  const label = useQuarterHourLabel(points, timeZone);
  return (
    <ChartCard
      title="Check-ins"
      description={`Per quarter hour, in the event's time zone (${timeZone}).`}
      empty={points.length === 0 ? "The curve appears on the day, from the first check-in." : undefined}
      chart={() => (
        <Suspense fallback={<Skeleton className="h-[260px] w-full" />}>
          <CheckInChart points={points} timeZone={timeZone} />
        </Suspense>
      )}
      table={() => (
        <ChartTable
          caption="Check-ins per quarter hour"
          rows={points}
          rowKey={(point) => point.at}
          columns={[
            {
              label: "From",
              cell: (point) => <time dateTime={point.at}>{label(Date.parse(point.at))}</time>,
            },
            { label: "Check-ins", numeric: true, cell: (point) => formatCount(point.checkIns) },
            { label: "Checked in so far", numeric: true, cell: (point) => formatCount(point.total) },
          ]}
        />
      )}
    />
  );
}
