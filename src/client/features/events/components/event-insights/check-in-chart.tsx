import { useMemo } from "react";
import { type ChartClock, TimeSeriesChart } from "#client/components/charts/time-series-chart.tsx";
import type { CheckInPoint } from "./check-in-curve.tsx";

const QUARTER_HOUR_MS = 15 * 60_000;

const SERIES = [
  { label: "Checked in so far", kind: "area", color: 0, value: (p: CheckInPoint) => p.total },
  { label: "Check-ins", kind: "bar", color: 1, value: (p: CheckInPoint) => p.checkIns },
] as const;

const bucket = (point: CheckInPoint) => point.localTime;

/** The check-in curve drawn: how many are in so far, over the bars of each quarter hour. */
export function CheckInChart({
  points,
  label,
}: {
  points: readonly CheckInPoint[];
  label: (time: number) => string;
}) {
  const clock = useMemo<ChartClock<CheckInPoint>>(
    () => ({ time: (point) => Date.parse(point.at), stepMs: QUARTER_HOUR_MS, format: label }),
    [label],
  );
  return (
    <TimeSeriesChart
      label="Check-ins"
      rows={points}
      bucket={bucket}
      granularity="day"
      clock={clock}
      series={SERIES}
    />
  );
}
