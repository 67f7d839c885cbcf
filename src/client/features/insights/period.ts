import type { InsightsPeriodInput, InsightsPreset } from "#client/gql/graphql.ts";

// The period lives in the URL's `period`: a preset's name (`last_30_days`) or a custom range of
// the community's days (`2026-01-01..2026-03-31`), so a shared link shows the same view.

export const PERIOD_PRESETS = [
  "last_7_days",
  "last_30_days",
  "last_90_days",
  "last_12_months",
  "all_time",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const DEFAULT_PERIOD: PeriodPreset = "last_30_days";

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  last_7_days: "7 days",
  last_30_days: "30 days",
  last_90_days: "90 days",
  last_12_months: "12 months",
  all_time: "All time",
};

/** The longest custom range the server accepts, in days with both ends counted. */
export const MAX_RANGE_DAYS = 3660;

export type Period = { preset: PeriodPreset } | { from: string; to: string };

const RANGE = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;

function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period a URL's `period` names, or null when it names none the page knows. */
export function parsePeriod(value: unknown): Period | null {
  if (typeof value !== "string") return null;
  const preset = PERIOD_PRESETS.find((candidate) => candidate === value);
  if (preset) return { preset };
  const match = RANGE.exec(value);
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (!isDay(from) || !isDay(to) || from > to || daysBetween(from, to) > MAX_RANGE_DAYS) return null;
  return { from, to };
}

export function formatPeriodParam(period: Period): string {
  return "preset" in period ? period.preset : `${period.from}..${period.to}`;
}

export function periodInput(period: Period): InsightsPeriodInput {
  return "preset" in period
    ? { preset: period.preset.toUpperCase() as InsightsPreset }
    : { from: period.from, to: period.to };
}

/** The CSV downloads' query string for the same period: `preset=last_30_days` or `from=…&to=…`. */
export function periodQuery(period: Period): string {
  const params = new URLSearchParams(
    "preset" in period ? { preset: period.preset } : { from: period.from, to: period.to },
  );
  return params.toString();
}

export const INSIGHTS_CHARTS = [
  "member-growth",
  "active-members",
  "events-held",
  "sources",
  "revenue",
  "top-events",
  "cohorts",
] as const;
export type InsightsChart = (typeof INSIGHTS_CHARTS)[number];

export function csvHref(communityId: string, chart: InsightsChart, period: Period): string {
  return `/api/communities/${encodeURIComponent(communityId)}/insights/${chart}.csv?${periodQuery(period)}`;
}
