// Readers of a page's URL search values: each answers the value when it has the expected shape,
// else undefined, so a hand-edited or old link falls back to the default instead of failing.

/** One of `allowed`, exactly as written. */
export const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.find((candidate) => candidate === value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD. */
export const day = (value: unknown): string | undefined =>
  typeof value === "string" && DAY.test(value) ? value : undefined;

/** Text that is not blank, cut to `max` characters. */
export const text = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.trim() ? value.slice(0, max) : undefined;
