import type { PaymentsSearch } from "./search-params.ts";

/**
 * The payments page's search as the URL holds it, before the page narrows it with
 * parsePaymentsSearch. `q` and `status` are text as on the other screens that use them, so the
 * router's search type, shared across routes, stays text for those keys.
 */
export type RawPaymentsSearch = { [K in Exclude<keyof PaymentsSearch, "q" | "status">]?: unknown } & {
  q?: string | undefined;
  status?: string | undefined;
};

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/**
 * The route's validateSearch ships in the entry chunk, which /login already fills to its budget
 * (docs/decisions/004): it only hands the values on, and the lazily loaded page parses them.
 */
export const keepPaymentsSearch = ({ q, status, ...rest }: Record<string, unknown>): RawPaymentsSearch => ({
  ...rest,
  q: text(q),
  status: text(status),
});
