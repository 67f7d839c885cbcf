import type { Cache } from "@graphql-yoga/plugin-response-cache";
import type { DomainEvent } from "#server/modules/log/log.events.ts";

// What signed-out visitors read of an event (the public event query, the /e/{id} HTML) is the
// same for all of them, so one process answers it from memory (decision 010). Two rules keep it
// true:
// - a change on this process drops the event's entries when the change emits its domain event,
//   and for `settleMs` after that nothing about the event is stored: the emit runs inside the
//   change's transaction, and a read that ran before the commit must not be kept;
// - a change on another process is not seen here, so every entry lives `ttlMs` by the injected
//   clock: such a change shows at most that much later.

type CacheEntityRecord = { typename: string; id?: number | string };
type Entry = { value: unknown; entities: string[]; expiresAt: number };

const entityKey = ({ typename, id }: CacheEntityRecord) => (id == null ? typename : `${typename}:${id}`);

/**
 * The cached entities a domain event changes: its event (counts, details), or its community,
 * which an event's page shows as its host.
 */
export function entitiesChangedBy(event: DomainEvent): CacheEntityRecord[] {
  const changed: CacheEntityRecord[] = [];
  const payload = event.payload as { eventId?: string };
  if (payload.eventId) changed.push({ typename: "Event", id: payload.eventId });
  if (event.type.startsWith("community.")) {
    changed.push(
      { typename: "Community", id: event.communityId },
      { typename: "EventHost", id: event.communityId },
    );
  }
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
  const byEntity = new Map<string, Set<string>>();
  const settling = new Map<string, number>();

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const entity of entry.entities) {
      const keys = byEntity.get(entity);
      keys?.delete(key);
      if (keys?.size === 0) byEntity.delete(entity);
    }
  }

  function isSettling(entity: string, at: number) {
    const until = settling.get(entity);
    if (until === undefined) return false;
    if (until > at) return true;
    settling.delete(entity);
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

  function store(key: string, value: unknown, records: Iterable<CacheEntityRecord>) {
    const at = now();
    const entities = [...new Set([...records].map(entityKey))];
    if (entities.some((entity) => isSettling(entity, at))) return;
    remove(key);
    if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
    entries.set(key, { value, entities, expiresAt: at + ttlMs });
    for (const entity of entities) {
      const keys = byEntity.get(entity) ?? new Set<string>();
      keys.add(key);
      byEntity.set(entity, keys);
    }
  }

  /** Stores `value` under `key` tied to the entry `of`: its entities and its expiry. */
  function storeBeside(key: string, of: string, value: unknown) {
    const entry = entries.get(of);
    if (!entry || entry.expiresAt <= now()) return;
    store(key, value, []);
    const stored = entries.get(key);
    if (!stored) return;
    stored.expiresAt = entry.expiresAt;
    stored.entities = entry.entities;
    for (const entity of entry.entities) byEntity.get(entity)?.add(key);
  }

  function invalidate(records: Iterable<CacheEntityRecord>) {
    const until = now() + settleMs;
    for (const record of records) {
      const entity = entityKey(record);
      settling.set(entity, until);
      for (const key of [...(byEntity.get(entity) ?? [])]) remove(key);
    }
  }

  /** The store of `@graphql-yoga/plugin-response-cache`; its own TTLs are replaced by `ttlMs`. */
  const graphql: Cache = {
    get: (id) => read(`graphql:${id}`) as Awaited<ReturnType<Cache["get"]>>,
    set: (id, data, records) => store(`graphql:${id}`, data, records),
    invalidate,
  };

  return {
    graphql,
    /** The /e/{id} HTML a signed-out visitor gets. */
    pages: {
      get: (eventId: string) => read(`page:${eventId}`) as { html: string; status: 200 | 404 } | undefined,
      set: (eventId: string, page: { html: string; status: 200 | 404 }) =>
        store(`page:${eventId}`, page, [{ typename: "Event", id: eventId }]),
    },
    /** Finished GraphQL answers, each beside the response-cache entry it was made from. */
    answers: {
      get: (key: string) => read(`answer:${key}`),
      set: (key: string, graphqlKey: string, answer: unknown) =>
        storeBeside(`answer:${key}`, `graphql:${graphqlKey}`, answer),
    },
    /** Called for every domain event this process emits. */
    changed: (event: DomainEvent) => invalidate(entitiesChangedBy(event)),
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;
