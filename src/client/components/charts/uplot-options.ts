import type uPlot from "uplot";
import { bucketToTime, formatCompact, formatTick, type Granularity } from "./chart-format.ts";
import type { ChartTheme } from "./chart-theme.ts";
import type { UPlotClass } from "./load-uplot.ts";

/** One line, area or set of bars of a time series chart. */
export type TimeSeries<Row> = {
  /** The column's name in the table view and the key in the legend. */
  label: string;
  value: (row: Row) => number | null;
  kind: "line" | "area" | "bar";
  /** Which scale it is read against: the left axis by default, or the right one (rates next to counts). */
  axis?: "left" | "right";
  /** Index in the theme's series colours. */
  color: number;
  /** Bars with the same stack name sit on top of each other. */
  stack?: string;
  /** Drawn below zero, for what goes out (members who left, refunds); the tooltip still shows it positive. */
  below?: boolean;
  format?: (value: number) => string;
  /** Joins a line across buckets without a value (a rate on days without events). */
  spanGaps?: boolean;
};

export type TimeSeriesChartProps<Row> = {
  /** The chart's accessible name, usually its card's title. */
  label: string;
  rows: readonly Row[];
  bucket: (row: Row) => string;
  granularity: Granularity;
  /** The time zone minute and hour buckets are read in (an event's); the viewer's when none is given. */
  timeZone?: string;
  series: readonly TimeSeries<Row>[];
  /** Tick labels of the left and right axes. */
  leftTicks?: (value: number) => string;
  rightTicks?: (value: number) => string;
  /** Whether an axis reads fractions (rates); counts and money in minor units tick in whole numbers. */
  leftFractions?: boolean;
  rightFractions?: boolean;
  height?: number;
};

const BUCKET_SECONDS: Record<Granularity, number> = {
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

/** Tick steps of whole numbers: 1, 2, 5, 10, 20, 25, 50, … up to a billion. */
const WHOLE_STEPS = [1, 2, 5].concat(
  ...Array.from({ length: 8 }, (_, power) => [10, 20, 25, 50].map((step) => step * 10 ** power)),
);

let canvasSupport: boolean | null = null;
// A page without a 2D canvas (a test's simulated DOM, a locked-down browser) keeps the legend, the
// tooltip's keyboard reading and the table view, and draws nothing.
export function canDraw(): boolean {
  if (canvasSupport === null) {
    try {
      canvasSupport = document.createElement("canvas").getContext("2d") !== null;
    } catch {
      canvasSupport = false;
    }
  }
  return canvasSupport;
}

/** A colour with transparency, for an area's fill under its line. */
function translucent(color: string, alpha: number): string {
  const match = /^(oklch|rgb|hsl|lab|lch|oklab)\(([^/)]*)\)$/.exec(color);
  return match ? `${match[1]}(${match[2]} / ${alpha})` : color;
}

export type Built = { data: uPlot.AlignedData; order: number[] };

/** uPlot's columns: stacked bars are summed, and drawn tallest first so each shorter one shows on top. */
export function buildData<Row>(
  rows: readonly Row[],
  bucket: (row: Row) => string,
  series: readonly TimeSeries<Row>[],
): Built {
  const xs = rows.map((row) => bucketToTime(bucket(row)) / 1000);
  const columns = series.map((spec) =>
    rows.map((row) => {
      const value = spec.value(row);
      return value === null ? null : spec.below ? -value : value;
    }),
  );
  const stacked = columns.map((column) => [...column]);
  const order = series.map((_, index) => index);
  const seen = new Map<string, number>();
  series.forEach((spec, index) => {
    if (!spec.stack) return;
    const key = `${spec.stack}:${spec.below ? "below" : "above"}`;
    const previous = seen.get(key);
    const column = stacked[index];
    const base = previous === undefined ? undefined : stacked[previous];
    if (column && base) {
      for (let i = 0; i < column.length; i += 1) column[i] = (column[i] ?? 0) + (base[i] ?? 0);
    }
    seen.set(key, index);
  });
  // Within a stack the later series hold the larger sums: draw them first.
  order.sort((a, b) => {
    const sa = series[a]?.stack;
    const sb = series[b]?.stack;
    if (sa && sa === sb) return b - a;
    return a - b;
  });
  return { data: [xs, ...order.map((index) => stacked[index] ?? [])] as uPlot.AlignedData, order };
}

export function makeOptions<Row>(
  UPlot: UPlotClass,
  props: TimeSeriesChartProps<Row>,
  order: number[],
  theme: ChartTheme,
  width: number,
  onIndex: (index: number | null) => void,
): uPlot.Options {
  const { series, granularity, rows, bucket } = props;
  const first = rows[0] ? bucketToTime(bucket(rows[0])) : 0;
  const last = rows.at(-1) ? bucketToTime(bucket(rows.at(-1) as Row)) : 0;
  const second = rows[1] ? bucketToTime(bucket(rows[1])) : Number.NaN;
  // Half a bucket of room at each end, so the first and last bars are whole (15-minute buckets too).
  const half = (Number.isNaN(second) ? BUCKET_SECONDS[granularity] : (second - first) / 1000) / 2;
  const spanDays = (last - first) / 86_400_000;
  const hasRight = series.some((spec) => spec.axis === "right");
  const barsOn = (axis: "left" | "right") =>
    series.some((spec) => spec.kind !== "line" && (spec.axis ?? "left") === axis);
  const range =
    (includeZero: boolean): uPlot.Range.Function =>
    (_u, min, max) => {
      const low = includeZero ? Math.min(0, min) : min;
      const high = includeZero ? Math.max(0, max) : max;
      if (low === high) return [low - 1, high + 1];
      const pad = (high - low) * 0.05;
      return [low < 0 || !includeZero ? low - pad : 0, high + pad];
    };
  const axis = (
    scale: string,
    side: 1 | 3,
    ticks: (value: number) => string,
    fractions: boolean,
  ): uPlot.Axis => ({
    scale,
    ...(fractions ? {} : { incrs: WHOLE_STEPS }),
    side,
    stroke: theme.axis,
    font: theme.font,
    grid: { show: side === 3, stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
    values: (_u, splits) => splits.map((value) => ticks(value)),
    size: 56,
  });
  const bars = UPlot.paths.bars?.({ size: [0.7, 48], gap: 1 });
  return {
    width,
    height: props.height ?? 260,
    legend: { show: false },
    padding: [12, hasRight ? 8 : 16, 0, 0],
    cursor: {
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, width: 2 },
      y: false,
    },
    scales: {
      x: {
        time: true,
        range: (_u, min, max) => [min - half, max + half],
      },
      y: { range: range(barsOn("left")) },
      ...(hasRight ? { y2: { range: range(barsOn("right")) } } : {}),
    },
    axes: [
      {
        stroke: theme.axis,
        font: theme.font,
        grid: { show: false },
        ticks: { stroke: theme.grid, width: 1, size: 4 },
        values: (_u, splits) =>
          splits.map((value) => formatTick(value * 1000, granularity, spanDays, undefined, props.timeZone)),
        space: 64,
      },
      axis("y", 3, props.leftTicks ?? formatCompact, props.leftFractions ?? false),
      ...(hasRight ? [axis("y2", 1, props.rightTicks ?? formatCompact, props.rightFractions ?? false)] : []),
    ],
    series: [
      {},
      ...order.map((index): uPlot.Series => {
        const spec = series[index] as TimeSeries<Row>;
        const color = theme.series[spec.color % theme.series.length] ?? theme.axis;
        const scale = spec.axis === "right" ? "y2" : "y";
        if (spec.kind === "bar") {
          return {
            label: spec.label,
            scale,
            fill: color,
            stroke: color,
            width: 0,
            paths: bars,
            points: { show: false },
          };
        }
        return {
          label: spec.label,
          scale,
          stroke: color,
          width: 2,
          fill: spec.kind === "area" ? translucent(color, 0.18) : undefined,
          // A line joined across gaps shows its points where the bucket has a value.
          ...(spec.spanGaps ? { spanGaps: true } : { points: { show: false } }),
        };
      }),
    ],
    hooks: {
      setCursor: [(u) => onIndex(u.cursor.idx ?? null)],
    },
  };
}
