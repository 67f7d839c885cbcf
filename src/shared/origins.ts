// Where a registration or a join came from, for the community's insights: what the browser may
// say, how a shared link's `?ref=` or `utm_source` is cleaned, and how a stored origin is read
// back. The server decides every other origin itself (an invitation, an import, the community's
// creation, an organizer, an agent). This file is the only list of origins.

/** What a page may say of itself when it sends a registration, a checkout or a join. */
export const PAGE_ORIGINS = ["community_page", "event_page"] as const;
export type PageOrigin = (typeof PAGE_ORIGINS)[number];

/** Origins only the server gives: they follow from how the person came in, never from the client. */
export const SERVER_ORIGINS = ["invitation", "import", "agent", "organizer", "created"] as const;
export type ServerOrigin = (typeof SERVER_ORIGINS)[number];

/** A shared link's origin: `link:` and the link's cleaned ref. */
export type LinkOrigin = `link:${string}`;
export type Origin = PageOrigin | ServerOrigin | LinkOrigin;

/** What the charts group origins by: each page and server origin, any shared link, and unknown. */
export const ORIGIN_KINDS = [...PAGE_ORIGINS, ...SERVER_ORIGINS, "link", "unknown"] as const;
export type OriginKind = (typeof ORIGIN_KINDS)[number];

/** A stored origin as the charts show it: the origin, its kind, and a shared link's ref. */
export type OriginParts = { origin: string; kind: OriginKind; ref: string | null };

const LINK = "link:";
const REF_MAX_LENGTH = 40;
const REF_PATTERN = /^[a-z0-9._-]+$/;

/**
 * A link's ref as it is recorded: lower-cased and trimmed, then kept only when it is made of
 * letters, digits, dots, dashes and underscores and at most 40 characters long; anything else
 * is no ref at all, so a stray or hostile value never reaches the organizers' charts.
 */
export function normalizeRef(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const ref = raw.trim().toLowerCase();
  return ref.length <= REF_MAX_LENGTH && REF_PATTERN.test(ref) ? ref : null;
}

/** The ref a page's address carries: `ref` first, else `utm_source`; null without a usable one. */
export function refFromSearch(search: string | URLSearchParams): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return normalizeRef(params.get("ref")) ?? normalizeRef(params.get("utm_source"));
}

export const linkOrigin = (ref: string): LinkOrigin => `${LINK}${ref}`;

/**
 * What the server keeps of an origin a client sent: a page origin, or a link with its ref
 * cleaned. Anything else (a server-only origin, an unusable ref, a value of the wrong type) is
 * ignored rather than refused: where a person came from never stands in the way of their
 * registering or joining.
 */
export function clientOrigin(raw: unknown): PageOrigin | LinkOrigin | null {
  if (typeof raw !== "string") return null;
  const value = raw.trim();
  if ((PAGE_ORIGINS as readonly string[]).includes(value)) return value as PageOrigin;
  if (!value.toLowerCase().startsWith(LINK)) return null;
  const ref = normalizeRef(value.slice(LINK.length));
  return ref ? linkOrigin(ref) : null;
}

const NAMED_ORIGINS: readonly string[] = [...PAGE_ORIGINS, ...SERVER_ORIGINS];
const UNKNOWN: OriginParts = { origin: "unknown", kind: "unknown", ref: null };

/**
 * A stored origin read back (a rollup's or a registration's): a named origin as it is, a shared
 * link with a well-formed ref, and anything else, absent included, as `unknown`, so that a value
 * written before these rules, or by hand, shows as nothing worse than an unknown source.
 */
export function parseOrigin(stored: string | null | undefined): OriginParts {
  if (typeof stored !== "string") return UNKNOWN;
  if (NAMED_ORIGINS.includes(stored)) return { origin: stored, kind: stored as OriginKind, ref: null };
  if (!stored.startsWith(LINK)) return UNKNOWN;
  const ref = stored.slice(LINK.length);
  return ref.length <= REF_MAX_LENGTH && REF_PATTERN.test(ref)
    ? { origin: stored, kind: "link", ref }
    : UNKNOWN;
}

/**
 * Counts per stored origin, read with `parseOrigin` and merged where two stored values read as the
 * same origin (every unreadable one is `unknown`): the `counts` named are added up, in first-seen
 * order.
 */
export function mergeByOrigin<K extends string>(
  rows: readonly ({ origin: string | null } & Record<K, number>)[],
  counts: readonly K[],
): (OriginParts & Record<K, number>)[] {
  const merged = new Map<string, OriginParts & Record<K, number>>();
  for (const row of rows) {
    const parts = parseOrigin(row.origin);
    let into = merged.get(parts.origin);
    if (!into) {
      into = { ...parts, ...Object.fromEntries(counts.map((key) => [key, 0])) } as OriginParts &
        Record<K, number>;
      merged.set(parts.origin, into);
    }
    const sums = into as Record<K, number>;
    for (const key of counts) sums[key] += row[key];
  }
  return [...merged.values()];
}
