import { createReadCache } from "#server/db/read-cache.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";

// What signed-out visitors read of an event (the public event query, the /e/{id} HTML) is the
// same for all of them, so one process answers it from memory (decision 010), by the rules of
// `createReadCache`. Entries are tied to the ids of what they show (ids are unique across kinds):
// an event's, and its host community's.

/**
 * The ids a domain event changes: its event (counts, details), or its community, which an event's
 * page shows as its host.
 */
export function idsChangedBy(event: DomainEvent): string[] {
  const changed: string[] = [];
  const payload = event.payload as { eventId?: string };
  if (payload.eventId) changed.push(payload.eventId);
  if (event.type.startsWith("community.")) changed.push(event.communityId);
  return changed;
}

export function createPublicReadCache(options: {
  clock: () => Date;
  ttlMs?: number;
  settleMs?: number;
  maxEntries?: number;
}) {
  const cache = createReadCache(options);
  return {
    /** The /e/{id} HTML a signed-out visitor gets. */
    pages: {
      get: (eventId: string) =>
        cache.read(`page:${eventId}`) as { html: string; status: 200 | 404 } | undefined,
      set: (eventId: string, page: { html: string; status: 200 | 404 }) =>
        cache.store(`page:${eventId}`, page, [eventId]),
    },
    /** Finished GraphQL answers, each with the ids it shows. */
    answers: {
      get: (key: string) => cache.read(`answer:${key}`),
      set: (key: string, answer: unknown, ids: Iterable<string>) => cache.store(`answer:${key}`, answer, ids),
    },
    /** Called for every domain event this process emits. */
    changed: (event: DomainEvent) => cache.invalidate(idsChangedBy(event)),
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;
