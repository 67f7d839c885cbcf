import type { CalendarGranularity as Granularity } from "#client/components/charts/chart-format.ts";
import type { InsightsGranularity } from "#client/gql/graphql.ts";
import type { SourceCount } from "./api/insights-queries.ts";

const ORIGIN_LABELS: Record<string, string> = {
  community_page: "Community page",
  event_page: "Event page",
  invitation: "Invitation",
  import: "Import",
  agent: "Agent",
  organizer: "Added by an organizer",
  created: "Created the community",
  unknown: "Unknown",
};

/** Where people came from, in words: `link:newsletter` reads "Shared link: newsletter". */
export function originLabel(source: Pick<SourceCount, "origin" | "ref">): string {
  if (source.origin.startsWith("link:")) return `Shared link: ${source.ref ?? source.origin.slice(5)}`;
  return ORIGIN_LABELS[source.origin] ?? source.origin;
}

export const granularityOf = (value: InsightsGranularity): Granularity =>
  value === "DAY" ? "day" : value === "WEEK" ? "week" : "month";

/** "per day", "per week", "per month": how a chart's bars are counted. */
export const perBucket = (granularity: Granularity): string => `per ${granularity}`;

/** The first column's heading in a chart's table. */
export const bucketHeading = (granularity: Granularity): string =>
  granularity === "day" ? "Day" : granularity === "week" ? "Week" : "Month";
