// Pure helpers for bench/request-path.ts: ratios to the bare server, the targets, table
// rows, and self time per function from a V8 .cpuprofile.

/** The nearest-rank percentile (0 < q <= 1) of unsorted samples; 0 for none. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** A ratio to the bare server, e.g. "1/29 (3.5 %)". */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio <= 0) return "0";
  const percent = ratio * 100;
  const share = ratio >= 1 ? `${ratio.toFixed(2)}x` : `1/${Math.round(1 / ratio)}`;
  return `${share} (${percent >= 10 ? percent.toFixed(0) : percent.toFixed(1)} %)`;
}

export type Target = { minRatio: number; maxP99Ms?: number };

export function describeTarget(target: Target): string {
  const ratio = `>= 1/${Math.round(1 / target.minRatio)}`;
  return target.maxP99Ms === undefined ? ratio : `${ratio}, p99 <= ${target.maxP99Ms} ms`;
}

export function meetsTarget(target: Target, measured: { ratio: number; p99Ms: number }): boolean {
  if (measured.ratio < target.minRatio) return false;
  return target.maxP99Ms === undefined || measured.p99Ms <= target.maxP99Ms;
}

export type RungRow = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratio: number | null;
  statementsPerRequest: number | null;
  errors: number;
  target?: Target;
};

const columns = ["rung", "req/s", "p50 ms", "p99 ms", "ratio to bare", "SQL/req", "target"] as const;

/** The ladder as aligned text lines: a header, then one line per rung. */
export function formatLadder(rows: RungRow[]): string[] {
  const cells = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    row.ratio === null ? "-" : formatRatio(row.ratio),
    row.statementsPerRequest === null ? "-" : row.statementsPerRequest.toFixed(1),
    [
      row.target && row.ratio !== null
        ? `${describeTarget(row.target)} ${meetsTarget(row.target, { ratio: row.ratio, p99Ms: row.p99Ms }) ? "PASS" : "MISS"}`
        : "",
      row.errors > 0 ? `${row.errors} non-2xx/errors` : "",
    ]
      .filter(Boolean)
      .join("; "),
  ]);
  const widths = columns.map((title, i) => Math.max(title.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) =>
        i === 0 || i === values.length - 1 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(columns), ...cells.map(line)];
}

export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

export type SelfTime = { name: string; location: string; selfMs: number; share: number };

/**
 * Self time per function (same name and source line merged), busiest first, with its share of
 * the busy time. Idle time is left out; a sample lasts until the next one starts. With `window`
 * (microseconds on the profile's clock), only samples taken inside it count.
 */
export function topSelfTime(
  profile: CpuProfile,
  count: number,
  options: { shortenUrl?: (url: string) => string; window?: { fromUs: number; toUs: number } } = {},
): { busyMs: number; top: SelfTime[] } {
  const shortenUrl = options.shortenUrl ?? ((url: string) => url);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, SelfTime>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let busyUs = 0;
  let at = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    if (options.window && (at < options.window.fromUs || at > options.window.toUs)) continue;
    const frame = byNode.get(samples[i] ?? -1);
    const durationUs = Math.max(0, deltas[i + 1] ?? 0);
    if (!frame || frame.functionName === "(idle)") continue;
    busyUs += durationUs;
    const name = frame.functionName || "(anonymous)";
    const location = frame.url ? `${shortenUrl(frame.url)}:${frame.lineNumber + 1}` : "";
    const key = `${name}\u0000${location}`;
    const entry = totals.get(key) ?? { name, location, selfMs: 0, share: 0 };
    entry.selfMs += durationUs / 1000;
    totals.set(key, entry);
  }
  const busyMs = busyUs / 1000;
  const top = [...totals.values()]
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, count)
    .map((entry) => ({ ...entry, share: busyMs > 0 ? entry.selfMs / busyMs : 0 }));
  return { busyMs, top };
}
