import type { PageViewCounter } from "#server/modules/insights/event-views.service.ts";
import type { HeaderReader } from "#server/request-context.ts";

// Which requests count as a person viewing an event's page (decision 031). Nothing is stored about
// the visitor: no cookie, no address, only one more view of the event on its day.

/** Crawlers, link previews and command-line clients: not people reading the page. */
const BOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|curl|wget|python|go-http|java\//i;

/**
 * A browser loading the page for someone to read: a user agent that is not a bot's, and no
 * prefetch (a prefetched page may never be shown). Requests without `Sec-Fetch-Dest` (older
 * browsers) count; with it, only a document does.
 */
export function isPersonViewing(headers: HeaderReader): boolean {
  const agent = headers.get("user-agent");
  if (!agent || BOT.test(agent)) return false;
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose");
  if (purpose?.includes("prefetch")) return false;
  const dest = headers.get("sec-fetch-dest");
  return dest === null || dest === "document";
}

/** A client address may have this many in-app views counted per window. */
const BEACONS_PER_WINDOW = 30;
const BEACON_WINDOW_MS = 10 * 60_000;
/** Addresses remembered at once; past it, windows that have ended are forgotten. */
const MAX_ADDRESSES = 10_000;

export type PageViews = {
  /** A GET of /e/{id} that was answered with the page (status 200). */
  page(eventId: string, headers: HeaderReader): void;
  /**
   * The app's beacon after moving to an event's page without loading /e/{id}; false when the
   * address has sent too many lately (nothing is counted then).
   */
  beacon(eventId: string, headers: HeaderReader, clientIp: string): boolean;
};

export function createPageViews(counter: Pick<PageViewCounter, "count">, nowMs: () => number): PageViews {
  const windows = new Map<string, { startedAt: number; beacons: number }>();
  const forgetEnded = (now: number) => {
    for (const [address, window] of windows)
      if (now - window.startedAt >= BEACON_WINDOW_MS) windows.delete(address);
  };
  return {
    page(eventId, headers) {
      if (isPersonViewing(headers)) counter.count(eventId);
    },
    beacon(eventId, headers, clientIp) {
      const now = nowMs();
      let window = windows.get(clientIp);
      if (!window || now - window.startedAt >= BEACON_WINDOW_MS) {
        if (windows.size >= MAX_ADDRESSES) forgetEnded(now);
        if (windows.size >= MAX_ADDRESSES) return false;
        window = { startedAt: now, beacons: 0 };
        windows.set(clientIp, window);
      }
      if (window.beacons >= BEACONS_PER_WINDOW) return false;
      window.beacons += 1;
      const agent = headers.get("user-agent");
      if (agent && !BOT.test(agent)) counter.count(eventId);
      return true;
    },
  };
}
