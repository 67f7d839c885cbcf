import { linkOrigin, type Origin, refFromSearch } from "#shared/origins.ts";

// Where a person came from, for the community's insights: a shared link's `?ref=` or
// `utm_source`, kept from the page they landed on through signing in to the registration or
// join, and which events they opened from a community's page. Both live in sessionStorage, so
// they end with the browser tab's session, and they go nowhere but with the person's own
// registration, checkout or join.

const REF_KEY = "commons:ref";
const FROM_COMMUNITY_KEY = "commons:events-from-community";
/** Enough for a long visit; the oldest event opened from a community page goes first. */
const MAX_EVENTS = 50;

const EVENT_PATH = /^\/e\/([^/]+)\/?$/;
const COMMUNITY_PATH = /^\/c\/[^/]+\/?$/;
/** Signing in passes through these; coming back from them, the event keeps how it was reached. */
const SIGN_IN_PATHS = /^\/(login|otp|two-factor|signed-in|welcome)\/?$/;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage may be off (private windows, quotas): the origin is then only `event_page` or unknown.
  }
}

function eventsFromCommunity(): string[] {
  try {
    const stored: unknown = JSON.parse(read(FROM_COMMUNITY_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function markEvent(eventId: string, fromCommunity: boolean): void {
  const others = eventsFromCommunity().filter((id) => id !== eventId);
  const next = fromCommunity ? [...others, eventId].slice(-MAX_EVENTS) : others;
  write(FROM_COMMUNITY_KEY, JSON.stringify(next));
}

/** Keeps a shared link's ref from the address a page was opened with; a later link's ref replaces it. */
export function rememberRef(search: string): void {
  const ref = refFromSearch(search);
  if (ref) write(REF_KEY, ref);
}

/** The ref kept for this browser session, cleaned again in case storage was edited by hand. */
function keptRef(): string | null {
  return refFromSearch(new URLSearchParams({ ref: read(REF_KEY) ?? "" }));
}

/**
 * Notes one move within the app: an event opened from a community's page was reached from the
 * community page; one opened from anywhere else (other than the sign-in pages on the way back)
 * was not. A first page load says nothing, so a reload keeps what was noted.
 */
export function noteNavigation(fromPath: string | undefined, toPath: string): void {
  const eventId = EVENT_PATH.exec(toPath)?.[1];
  if (!eventId || fromPath === undefined || fromPath === toPath) return;
  if (COMMUNITY_PATH.test(fromPath)) markEvent(decodeURIComponent(eventId), true);
  else if (!SIGN_IN_PATHS.test(fromPath)) markEvent(decodeURIComponent(eventId), false);
}

/** What a registration or checkout on the event's page says of where it came from. */
export function registrationOrigin(eventId: string): Origin {
  const ref = keptRef();
  if (ref) return linkOrigin(ref);
  return eventsFromCommunity().includes(eventId) ? "community_page" : "event_page";
}

/** What a join on a community's page says of where it came from. */
export function joinOrigin(): Origin {
  const ref = keptRef();
  return ref ? linkOrigin(ref) : "community_page";
}

type Navigations = {
  subscribe: (
    event: "onResolved",
    listener: (info: {
      fromLocation?: { pathname: string };
      toLocation: { pathname: string; searchStr: string };
    }) => void,
  ) => () => void;
};

/** Starts keeping origins: the landing page's ref now, and every later navigation's. */
export function trackOrigins(router: Navigations): () => void {
  rememberRef(window.location.search);
  return router.subscribe("onResolved", ({ fromLocation, toLocation }) => {
    rememberRef(toLocation.searchStr);
    noteNavigation(fromLocation?.pathname, toLocation.pathname);
  });
}
