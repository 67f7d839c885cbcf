import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatBucket, formatCount } from "./chart-format.ts";
import { type ChartTheme, useChartTheme } from "./chart-theme.ts";
import { loadUPlot } from "./load-uplot.ts";
import { scheduleDraw } from "./mount-queue.ts";
import { buildData, canDraw, makeOptions, type TimeSeriesChartProps } from "./uplot-options.ts";

export type { TimeSeries, TimeSeriesChartProps } from "./uplot-options.ts";

/**
 * A chart over time (days, weeks or months) of lines, areas and bars, stacked or not, on one or
 * two scales. Pointing or the arrow keys show a point's values in a tooltip; screen readers hear
 * them as the point changes, and the table view (ChartCard) holds every value.
 */
export function TimeSeriesChart<Row>(props: TimeSeriesChartProps<Row>) {
  const { label, rows, bucket, granularity, series } = props;
  const theme = useChartTheme();
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [spoken, setSpoken] = useState("");
  const hintId = useId();
  const built = useMemo(() => buildData(rows, bucket, series), [rows, bucket, series]);
  const latest = useRef(props);
  latest.current = props;

  // uPlot is an imperative canvas widget: it is created, resized and destroyed with the element.
  useEffect(() => {
    const element = holder.current;
    if (!element || !canDraw()) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancel = () => {};
    let gone = false;
    void loadUPlot().then((UPlot) => {
      if (gone) return;
      cancel = scheduleDraw(() => {
        const width = Math.max(element.clientWidth, 240);
        chart = new UPlot(
          makeOptions(UPlot, latest.current, built.order, theme, width, setActive),
          built.data,
          element,
        );
        plot.current = chart;
        observer = new ResizeObserver(() => {
          const next = Math.max(element.clientWidth, 240);
          if (chart && Math.abs(chart.width - next) > 1) chart.setSize({ width: next, height: chart.height });
        });
        observer.observe(element);
      });
    });
    return () => {
      gone = true;
      cancel();
      observer?.disconnect();
      chart?.destroy();
      plot.current = null;
    };
  }, [built, theme]);

  const pointText = (index: number) => {
    const row = rows[index];
    if (!row) return "";
    const values = series.map((spec) => {
      const value = spec.value(row);
      return `${spec.label}: ${value === null ? "–" : (spec.format ?? formatCount)(value)}`;
    });
    return `${formatBucket(bucket(row), granularity, undefined, props.timeZone)}. ${values.join(", ")}`;
  };

  const moveTo = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    setActive(clamped);
    setSpoken(pointText(clamped));
    const chart = plot.current;
    const x = built.data[0][clamped];
    if (chart && x !== undefined) {
      const firstColumn = built.data[1]?.[clamped] ?? 0;
      chart.setCursor({ left: chart.valToPos(x, "x"), top: chart.valToPos(firstColumn ?? 0, "y") });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const current = active ?? rows.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: rows.length - 1,
      PageUp: current - 7,
      PageDown: current + 7,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === "Escape") {
      hide();
    }
  };

  const hide = () => {
    setActive(null);
    plot.current?.setCursor({ left: -10, top: -10 });
  };

  const activeRow = active === null ? undefined : rows[active];
  const tooltipLeft = (() => {
    const chart = plot.current;
    const x = active === null ? undefined : built.data[0][active];
    if (!chart || x === undefined) return null;
    return chart.valToPos(x, "x") + chart.over.offsetLeft;
  })();
  const width = holder.current?.clientWidth ?? 0;

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      {/* biome-ignore lint/a11y/useSemanticElements: a chart's canvas and tooltip, not a group of form fields. */}
      <div
        role="group"
        aria-roledescription="chart"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read point by point with the arrow keys.
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (active === null && rows.length > 0) moveTo(rows.length - 1);
        }}
        onBlur={hide}
        onMouseLeave={() => setActive(null)}
        className="relative rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div ref={holder} className="min-h-[260px] w-full overflow-hidden" />
        {activeRow !== undefined && tooltipLeft !== null ? (
          <div
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute top-2 z-10 min-w-36 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
            style={
              tooltipLeft > width / 2
                ? { right: Math.max(0, width - tooltipLeft + 12) }
                : { left: tooltipLeft + 12 }
            }
          >
            <p className="mb-1 font-medium">
              {formatBucket(bucket(activeRow), granularity, undefined, props.timeZone)}
            </p>
            <ul className="grid gap-0.5">
              {series.map((spec) => {
                const value = spec.value(activeRow);
                return (
                  <li key={spec.label} className="flex items-center gap-2">
                    <Swatch theme={theme} color={spec.color} />
                    <span className="text-muted-foreground">{spec.label}</span>
                    <span className="ml-auto pl-3 font-medium tabular-nums">
                      {value === null ? "–" : (spec.format ?? formatCount)(value)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
      <p id={hintId} className="sr-only">
        Use the left and right arrow keys to read each {granularity}; the table view lists every value.
      </p>
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
        {series.map((spec) => (
          <li key={spec.label} className="flex items-center gap-1.5">
            <Swatch theme={theme} color={spec.color} line={spec.kind === "line"} />
            {spec.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Swatch({ theme, color, line = false }: { theme: ChartTheme; color: number; line?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={line ? "inline-block h-0.5 w-3 rounded-full" : "inline-block size-2.5 rounded-sm"}
      style={{ background: theme.series[color % theme.series.length] }}
    />
  );
}
