import { useMemo } from "react";
import { formatCount } from "#client/components/charts/chart-format.ts";
import { TimeSeriesChart } from "#client/components/charts/time-series-chart.tsx";
import type { EventInsightsQuery } from "#client/gql/graphql.ts";

type CheckInPoint = EventInsightsQuery["eventInsights"]["checkIns"][number];

const QUARTER_HOUR_MS = 15 * 60_000;

const SERIES = [
  { label: "Checked in so far", kind: "area", color: 0, value: (p: CheckInPoint) => p.total },
  { label: "Check-ins", kind: "bar", color: 1, value: (p: CheckInPoint) => p.checkIns },
] as const;

/** The quarter hour as an instant: the chart reads it on the event's clock. */
const bucket = (point: CheckInPoint) => point.at;

/** Counts are whole: the axis leaves out the ticks between them. */
const wholeTicks = (value: number) => (Number.isInteger(value) ? formatCount(value) : "");

/** The quarter hour before the first check-in, when nobody was in yet: the curve rises from zero. */
function fromZero(points: readonly CheckInPoint[]): CheckInPoint[] {
  const first = points[0];
  if (!first) return [];
  const at = new Date(Date.parse(first.at) - QUARTER_HOUR_MS).toISOString();
  return [{ at, localTime: "", checkIns: 0, total: 0 }, ...points];
}

/** The check-in curve drawn: how many are in so far, over the bars of each quarter hour. */
export function CheckInChart({ points, timeZone }: { points: readonly CheckInPoint[]; timeZone: string }) {
  const rows = useMemo(() => fromZero(points), [points]);
  return (
    <TimeSeriesChart
      label="Check-ins"
      rows={rows}
      leftTicks={wholeTicks}
      bucket={bucket}
      granularity="minute"
      timeZone={timeZone}
      series={SERIES}
    />
  );
}
