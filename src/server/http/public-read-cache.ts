import { createReadCache } from "#server/db/read-cache.ts";
import type { DomainEvent, DomainEventType } from "#server/modules/log/log.events.ts";
import type { EncodedPage } from "./page-bodies.ts";

// What signed-out visitors read of an event (the public event query, the /e/{id} HTML) is the
// same for all of them, so one process answers it from memory (decision 010), by the rules of
// `createReadCache`. Entries are tied to the ids of what they show (ids are unique across kinds):
// an event's, and its host community's. A community's page (/c/{slug}) shows its events and its
// members too, so it is also tied to a mark that anything happening in the community drops.
// A registration changes only what the pages count; its entries are left to end by themselves
// (decision 047).

/**
 * What the pages count of an event (going, seats left, the faces of people going) and nothing they
 * describe: these entries drop nothing, so the counts show when the kept entries end, within their
 * one second, on every process. Dropping them made a page in demand again for every registration,
 * and while registrations came more often than once a second, not at all.
 */
const COUNTS_ONLY = new Set<DomainEventType>([
  "registration.created",
  "registration.status_changed",
  "registration.checked_in",
  "registration.ticket_resent",
]);

/** The mark of a community's page, beside the community's own id: anything in it drops it. */
const anythingIn = (communityId: string) => `in:${communityId}`;

/**
 * The ids of the entries a domain event makes wrong: its event's (details), its community's (which
 * an event's page shows as its host) and the community page's mark; none for a registration.
 */
export function idsChangedBy(event: DomainEvent): string[] {
  if (COUNTS_ONLY.has(event.type)) return [];
  const changed: string[] = [];
  const payload = event.payload as { eventId?: string };
  if (payload.eventId) changed.push(payload.eventId);
  if (event.type.startsWith("community.")) changed.push(event.communityId);
  changed.push(anythingIn(event.communityId));
  return changed;
}

/** A page is kept as its bytes, plain and compressed, made once when it is kept. */
type Page = EncodedPage;

export function createPublicReadCache(options: {
  clock: () => Date;
  nowMs?: () => number;
  ttlMs?: number;
  settleMs?: number;
  maxEntries?: number;
}) {
  const cache = createReadCache(options);
  return {
    /** The /e/{id} HTML a signed-out visitor gets; `reload` makes it again near its end. */
    pages: {
      /** The clock `set` is told a read's start by. */
      now: cache.now,
      get: (eventId: string, reload?: () => Promise<Page | null>) =>
        (reload
          ? cache.readRefreshing(`page:${eventId}`, async () => {
              const page = await reload();
              return page && { value: page, ids: [eventId] };
            })
          : cache.read(`page:${eventId}`)) as Page | undefined,
      /** Keeps a page made by a read that started at `startedAt`. */
      set: (eventId: string, page: Page, startedAt: number) =>
        cache.store(`page:${eventId}`, page, [eventId], startedAt),
    },
    /** The /c/{slug} HTML a signed-out visitor gets (decision 034). */
    communityPages: {
      now: cache.now,
      /** The kept page; `reload` makes it again near its end, with the community it shows. */
      get: (slug: string, reload?: () => Promise<{ communityId: string; page: Page } | null>) =>
        (reload
          ? cache.readRefreshing(`community-page:${slug}`, async () => {
              const made = await reload();
              return made && { value: made.page, ids: [made.communityId, anythingIn(made.communityId)] };
            })
          : cache.read(`community-page:${slug}`)) as Page | undefined,
      /** Keeps the page of community `communityId`, made by a read that started at `startedAt`. */
      set: (slug: string, communityId: string, page: Page, startedAt: number) =>
        cache.store(`community-page:${slug}`, page, [communityId, anythingIn(communityId)], startedAt),
    },
    /** Finished GraphQL answers, each with the ids it shows; `reload` answers again near the end. */
    answers: {
      now: cache.now,
      get: (key: string, reload: () => Promise<{ value: unknown; ids: Iterable<string> } | null>) =>
        cache.readRefreshing(`answer:${key}`, reload),
      /** Keeps an answer made by a read that started at `startedAt`. */
      set: (key: string, answer: unknown, ids: Iterable<string>, startedAt: number) =>
        cache.store(`answer:${key}`, answer, ids, startedAt),
    },
    /** Called for every domain event this process emits. */
    changed: (event: DomainEvent) => cache.invalidate(idsChangedBy(event)),
    /** What `changed` drops, from the ids another process's event changed (decision 041). */
    dropChanged: (ids: Iterable<string>) => cache.invalidate(ids),
    /** Drops everything kept: changes made elsewhere may have been missed. */
    clear: () => cache.clear(),
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;
