import { useEffect } from "react";
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

function markEvent(eventId: string): void {
  const others = eventsFromCommunity().filter((id) => id !== eventId);
  write(FROM_COMMUNITY_KEY, JSON.stringify([...others, eventId].slice(-MAX_EVENTS)));
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

/** Notes a move within the app from a community's page: an event opened from it was reached from there. */
export function noteLeavingCommunityPage(toPath: string): void {
  const eventId = EVENT_PATH.exec(toPath)?.[1];
  if (eventId) markEvent(decodeURIComponent(eventId));
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
    event: "onBeforeNavigate",
    listener: (info: { toLocation: { pathname: string } }) => void,
  ) => () => void;
};

/**
 * For the pages people land on from a shared link, a community's and an event's: keeps the ref
 * of the address the page was opened with and, on a community's page, notes each event opened
 * from it. Kept out of the entry script, so /login loads none of it.
 */
export function useOriginTracking(router: Navigations, onCommunityPage: boolean): void {
  useEffect(() => {
    rememberRef(window.location.search);
    if (!onCommunityPage) return;
    return router.subscribe("onBeforeNavigate", ({ toLocation }) =>
      noteLeavingCommunityPage(toLocation.pathname),
    );
  }, [router, onCommunityPage]);
}
