import type { DomainEvent } from "#server/modules/log/log.events.ts";

// What signed-out visitors read of an event (the public event query, the /e/{id} HTML) is the
// same for all of them, so one process answers it from memory (decision 010). Two rules keep it
// true:
// - a change on this process drops the event's entries when the change emits its domain event,
//   and for `settleMs` after that nothing about the event is stored: the emit runs inside the
//   change's transaction, and a read that ran before the commit must not be kept;
// - a change on another process is not seen here, so every entry lives `ttlMs` by the injected
//   clock: such a change shows at most that much later.

// Entries are tied to the ids of what they show (ids are unique across kinds): an event's, and
// its host community's.
type Entry = { value: unknown; ids: string[]; expiresAt: number };

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
  const ttlMs = options.ttlMs ?? 1_000;
  const settleMs = options.settleMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const now = () => options.clock().getTime();
  const entries = new Map<string, Entry>();
  const byId = new Map<string, Set<string>>();
  const settling = new Map<string, number>();

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const id of entry.ids) {
      const keys = byId.get(id);
      keys?.delete(key);
      if (keys?.size === 0) byId.delete(id);
    }
  }

  function isSettling(id: string, at: number) {
    const until = settling.get(id);
    if (until === undefined) return false;
    if (until > at) return true;
    settling.delete(id);
    return false;
  }

  function read(key: string): unknown {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    return entry.value;
  }

  function store(key: string, value: unknown, shown: Iterable<string>) {
    const at = now();
    const ids = [...new Set(shown)];
    if (ids.some((id) => isSettling(id, at))) return;
    remove(key);
    if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
    entries.set(key, { value, ids, expiresAt: at + ttlMs });
    for (const id of ids) {
      const keys = byId.get(id) ?? new Set<string>();
      keys.add(key);
      byId.set(id, keys);
    }
  }

  function invalidate(ids: Iterable<string>) {
    const until = now() + settleMs;
    for (const id of ids) {
      settling.set(id, until);
      for (const key of [...(byId.get(id) ?? [])]) remove(key);
    }
  }

  return {
    /** The /e/{id} HTML a signed-out visitor gets. */
    pages: {
      get: (eventId: string) => read(`page:${eventId}`) as { html: string; status: 200 | 404 } | undefined,
      set: (eventId: string, page: { html: string; status: 200 | 404 }) =>
        store(`page:${eventId}`, page, [eventId]),
    },
    /** Finished GraphQL answers, each with the ids it shows. */
    answers: {
      get: (key: string) => read(`answer:${key}`),
      set: (key: string, answer: unknown, ids: Iterable<string>) => store(`answer:${key}`, answer, ids),
    },
    /** Called for every domain event this process emits. */
    changed: (event: DomainEvent) => invalidate(idsChangedBy(event)),
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;
