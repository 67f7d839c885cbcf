import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isoTime } from "#server/db/iso-time.ts";
import { DomainError } from "#server/errors.ts";
import type { CommunityLoaders } from "#server/modules/communities/communities.loaders.ts";
import {
  type CommunityHost,
  communityHosts,
  hostOf,
} from "#server/modules/communities/community-hosts.service.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import { canManageEvents } from "./events.policy.ts";
import { event, registrationQuestion, ticketType } from "./events.tables.ts";

export type EventRow = typeof event.$inferSelect;

/**
 * Events for another module's lists that filter and sort by an event's community or time in one
 * statement (a person's registrations, the organizers' digest): join on `eventsForJoin.id`, read only.
 */
export const eventsForJoin = event;
export type TicketTypeRow = typeof ticketType.$inferSelect;
export type QuestionRow = typeof registrationQuestion.$inferSelect;

export type EventView = EventRow & { host: CommunityHost; canManage: boolean; loaders: Loaders };

export type Batched<V> = { load(key: string): Promise<V>; prime(key: string, value: V): void };

/** Collects the keys asked for in one tick and loads them in one query (a small DataLoader). */
export function batched<V>(loadMany: (keys: string[]) => Promise<Map<string, V>>, missing: V): Batched<V> {
  // Made on the first load: many requests never ask some of their loaders anything.
  let cache: Map<string, Promise<V>> | undefined;
  let queue: { key: string; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const current = queue;
    queue = [];
    loadMany([...new Set(current.map((item) => item.key))]).then(
      (found) => {
        for (const item of current) item.resolve(found.get(item.key) ?? missing);
      },
      (error) => {
        for (const item of current) item.reject(error);
      },
    );
  };
  return {
    load(key: string): Promise<V> {
      cache ??= new Map();
      let hit = cache.get(key);
      if (!hit) {
        hit = new Promise<V>((resolve, reject) => {
          queue.push({ key, resolve, reject });
          if (queue.length === 1) setImmediate(flush);
        });
        cache.set(key, hit);
      }
      return hit;
    },
    prime(key: string, value: V) {
      cache ??= new Map();
      cache.set(key, Promise.resolve(value));
    },
  };
}

export const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

/**
 * Loaders shared by every view they return, so lists never run a query per row: one per request
 * for reads (given the request's community loaders), a fresh one after each write.
 */
export class Loaders {
  readonly db: Db;
  readonly viewerId: string | null;
  private readonly communities: CommunityLoaders | null;
  // Made on first use: a request that lists events from memory needs only `events`, for priming.
  #ticketTypes: Batched<TicketTypeRow[]> | undefined;
  #questions: Batched<QuestionRow[]> | undefined;
  #events: Batched<EventView | null> | undefined;
  #nextEvents: Batched<EventView | null> | undefined;
  private readonly managing = new Map<string, Promise<boolean>>();

  constructor(db: Db, viewerId: string | null, communities: CommunityLoaders | null = null) {
    this.db = db;
    this.viewerId = viewerId;
    this.communities = communities;
  }

  get ticketTypes(): Batched<TicketTypeRow[]> {
    const db = this.db;
    this.#ticketTypes ??= batched<TicketTypeRow[]>(async (ids) => {
      const rows = await db
        .select()
        .from(ticketType)
        .where(inArray(ticketType.eventId, ids))
        .orderBy(asc(ticketType.position), asc(ticketType.id));
      return groupBy(rows, (r) => r.eventId);
    }, []);
    return this.#ticketTypes;
  }

  get questions(): Batched<QuestionRow[]> {
    const db = this.db;
    this.#questions ??= batched<QuestionRow[]>(async (ids) => {
      const rows = await db
        .select()
        .from(registrationQuestion)
        .where(inArray(registrationQuestion.eventId, ids))
        .orderBy(asc(registrationQuestion.position), asc(registrationQuestion.id));
      return groupBy(rows, (r) => r.eventId);
    }, []);
    return this.#questions;
  }

  get events(): Batched<EventView | null> {
    const db = this.db;
    this.#events ??= batched<EventView | null>(async (ids) => {
      const rows = await db.select().from(event).where(inArray(event.id, ids));
      const views = await this.eventViews(rows);
      return new Map(views.map((v) => [v.id, v]));
    }, null);
    return this.#events;
  }

  /** Each community's next published event that its members see (public or members-only). */
  get nextEvents(): Batched<EventView | null> {
    const db = this.db;
    this.#nextEvents ??= batched<EventView | null>(async (communityIds) => {
      // One walk of (community, status, starts_at) per community, stopping at its first event that has not ended.
      const next = resultRows<{ id: string }>(
        await db.execute(sql`
          select n.id from unnest(${`{${communityIds.join(",")}}`}::text[]) as c(id)
          cross join lateral (
            select e.id from ${event} e
            where e.community_id = c.id and e.status = 'published'
              and e.visibility in ('public', 'members') and e.ends_at >= ${new Date().toISOString()}::timestamptz
            order by e.starts_at, e.id limit 1) as n`),
      );
      const views = await Promise.all(next.map((row) => this.events.load(row.id)));
      return new Map(views.flatMap((v) => (v ? [[v.communityId, v] as const] : [])));
    }, null);
    return this.#nextEvents;
  }

  /** Whether the viewer manages events of a community (cached per operation). */
  canManage(communityId: string): Promise<boolean> {
    let hit = this.managing.get(communityId);
    if (!hit) {
      const viewerId = this.viewerId;
      if (!viewerId) hit = Promise.resolve(false);
      else if (this.communities)
        hit = this.communities.viewerMembership.load(communityId).then(canManageEvents);
      else hit = getMembership(this.db, viewerId, communityId).then((m) => canManageEvents(m));
      this.managing.set(communityId, hit);
    }
    return hit;
  }

  primeCanManage(communityId: string, value: boolean) {
    this.managing.set(communityId, Promise.resolve(value));
  }

  async eventViews(rows: EventRow[]): Promise<EventView[]> {
    const [first] = rows;
    if (!first) return [];
    // A community's list holds its own events only: its host and the viewer's right, read once.
    const communityId = first.communityId;
    if (rows.every((row) => row.communityId === communityId)) {
      const [host, canManage] = await Promise.all([this.host(communityId), this.canManage(communityId)]);
      return host ? rows.map((row) => this.view(row, host, canManage)) : [];
    }
    const communityIds = [...new Set(rows.map((r) => r.communityId))];
    const [hosts, managing] = await Promise.all([
      this.hosts(communityIds),
      Promise.all(communityIds.map((id) => this.canManage(id))),
    ]);
    const canManage = new Map(communityIds.map((id, i) => [id, managing[i] ?? false]));
    const views: EventView[] = [];
    for (const row of rows) {
      const host = hosts.get(row.communityId);
      if (host) views.push(this.view(row, host, canManage.get(row.communityId) ?? false));
    }
    return views;
  }

  private view(row: EventRow, host: CommunityHost, canManage: boolean): EventView {
    const view = { ...row, host, canManage, loaders: this };
    this.events.prime(row.id, view);
    return view;
  }

  private async host(communityId: string): Promise<CommunityHost | undefined> {
    if (!this.communities) return (await communityHosts(this.db, [communityId])).get(communityId);
    const row = await this.communities.rows.load(communityId);
    return row ? hostOf(row) : undefined;
  }

  private async hosts(communityIds: string[]): Promise<Map<string, CommunityHost>> {
    if (!this.communities) return communityHosts(this.db, communityIds);
    const found = await this.communities.rows.loadMany(communityIds);
    const hosts = new Map<string, CommunityHost>();
    for (const row of found) if (row) hosts.set(row.id, hostOf(row));
    return hosts;
  }
}

/** node-postgres returns { rows }, PGlite returns { rows } too; drizzle types differ by driver. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

type PageOfRows = { page: EventRow[]; hasNextPage: boolean; endCursor: string | null };

// A list kept by the process's recent reads is the same array for every request that reads it
// (its key holds the size and the filter), so its page and cursor are worked out once per array.
const pages = new WeakMap<EventRow[], PageOfRows>();

/**
 * The first `first` of `rows` (read with one more, to tell whether a next page exists) and the
 * cursor after them; drafts are listed by when they were made, the rest by when they start.
 */
export function pageOf(rows: EventRow[], first: number, drafts: boolean): PageOfRows {
  let found = pages.get(rows);
  if (!found) {
    const page = rows.slice(0, first);
    const last = page.at(-1);
    found = {
      page,
      hasNextPage: rows.length > first,
      endCursor: last ? encodeCursor([isoTime(drafts ? last.createdAt : last.startsAt), last.id]) : null,
    };
    pages.set(rows, found);
  }
  return found;
}

/** Keyset cursors: opaque base64url JSON of the sort key. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * A keyset position `[time, id]` from a client's `after`. Anything this server did not hand out
 * (bad base64, wrong shape, an impossible date) is refused with BAD_CURSOR rather than reaching SQL.
 */
export function decodeCursor(cursor: string | null | undefined): { at: Date; id: string } | null {
  if (cursor === null || cursor === undefined || cursor === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [time, id] = value as unknown[];
  if (typeof time !== "string" || typeof id !== "string") throw badCursor();
  const at = new Date(time);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: PostgreSQL text cannot hold NUL.
  if (Number.isNaN(at.getTime()) || id === "" || id.length > 200 || /\u0000/.test(id)) throw badCursor();
  return { at, id };
}

const badCursor = () =>
  new DomainError("BAD_CURSOR", "This list position is not valid any more. Start again from the first page.");

export const publicPath = (eventId: string) => `/e/${eventId}`;
