/** The insights page's search: `period` as text, read by the page (period.ts) in its own chunk. */
export type InsightsSearch = { period?: string | undefined };

const PERIOD =
  /^(last_7_days|last_30_days|last_90_days|last_12_months|all_time|\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2})$/;

/**
 * The route's validateSearch, which ships in the entry chunk (docs/decisions/004): a value of any
 * other shape is dropped here, so the page opens on its default period instead of an error.
 */
export const keepInsightsSearch = ({ period }: Record<string, unknown>): InsightsSearch => ({
  period: typeof period === "string" && PERIOD.test(period) ? period : undefined,
});
