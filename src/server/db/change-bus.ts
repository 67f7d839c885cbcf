import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "./client.ts";

// Several app processes share one PostgreSQL database (decision 041). Each keeps read caches and a
// session revocation list in memory, and runs the jobs; a change written through one of them has
// to reach the others at once. The writer sends a notice with `pg_notify` inside its own
// transaction, so PostgreSQL delivers it only if and when that transaction commits; every process
// LISTENs on one connection of its own and applies what it hears. A notice is small (ids only):
// PostgreSQL refuses payloads of 8000 bytes or more.

/** The channel every process listens on. */
export const CHANGE_CHANNEL = "commons_changes";

/** Payloads above this are replaced by a notice asking for everything to be dropped or reread. */
const MAX_PAYLOAD_BYTES = 7_900;

/** What one notice says changed. */
export type ChangeNotice =
  /** A domain event in `communityId`, changing what shows `ids`. */
  | { kind: "event"; communityId: string; ids: string[] }
  /** Sessions ended; `sessionIds` null when the list was too long to send: read them from the table. */
  | { kind: "sessions"; sessionIds: string[] | null }
  /** Too much changed for one notice: drop every cache. */
  | { kind: "everything" };

type Wire = { o: string; c?: string; i?: string[]; s?: string[] | null; a?: 1 };

function encode(origin: string, notice: ChangeNotice): string {
  const wire: Wire =
    notice.kind === "event"
      ? { o: origin, c: notice.communityId, i: notice.ids }
      : notice.kind === "sessions"
        ? { o: origin, s: notice.sessionIds }
        : { o: origin, a: 1 };
  const payload = JSON.stringify(wire);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify(notice.kind === "sessions" ? { o: origin, s: null } : { o: origin, a: 1 });
}

function decode(payload: string): { origin: string; notice: ChangeNotice } | null {
  try {
    const wire = JSON.parse(payload) as Wire;
    if (typeof wire.o !== "string") return null;
    if (wire.a === 1) return { origin: wire.o, notice: { kind: "everything" } };
    if (wire.s !== undefined) {
      return {
        origin: wire.o,
        notice: { kind: "sessions", sessionIds: Array.isArray(wire.s) ? wire.s : null },
      };
    }
    if (typeof wire.c === "string" && Array.isArray(wire.i)) {
      return { origin: wire.o, notice: { kind: "event", communityId: wire.c, ids: wire.i } };
    }
    return null;
  } catch {
    return null;
  }
}

export type ChangeBus = {
  /** This process's name on the bus: its own notices come back to it and are skipped. */
  origin: string;
  /** Sends `notice` with `tx`'s transaction: the other processes hear it once that commits. */
  announce(tx: Db, notice: ChangeNotice): Promise<void>;
  /**
   * The statement part that sends `notice`, for a writer that sends it within a statement of its
   * own (the log's append): `select pg_notify(...)` costs a round trip of its own otherwise.
   */
  notifySql(notice: ChangeNotice): SQL;
  /** Whether the listening connection is up right now. */
  listening(): boolean;
  close(): Promise<void>;
};

export type ChangeBusOptions = {
  /** A new connection outside the pool (`Database.openClient`). */
  connect: () => pg.Client;
  /** A notice from another process, as soon as it arrives. */
  onNotice: (notice: ChangeNotice) => void;
  /**
   * The connection came back after it was lost (a database restart) or after a failed first
   * attempt: notices may have been missed meanwhile, so everything kept is suspect.
   */
  onResync: () => void;
  log?: (line: string) => void;
  /** The first and the longest wait between attempts to connect again. */
  retryMs?: { first: number; max: number };
};

/**
 * Starts listening and resolves once the first attempt ended, connected or not: a process whose
 * database is down at start goes on trying in the background and resyncs once it is in.
 */
export async function startChangeBus(options: ChangeBusOptions): Promise<ChangeBus> {
  const origin = randomUUID();
  const log = options.log ?? ((line: string) => console.error(line));
  const retry = options.retryMs ?? { first: 100, max: 5_000 };
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let missedSome = false;
  let timer: NodeJS.Timeout | undefined;

  const heard = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    const decoded = decode(message.payload);
    if (!decoded || decoded.origin === origin) return;
    try {
      options.onNotice(decoded.notice);
    } catch (error) {
      log(`change bus: a notice could not be applied: ${(error as Error).message}`);
    }
  };

  const scheduleConnect = () => {
    if (stopped) return;
    const delay = Math.min(retry.max, retry.first * 2 ** attempt);
    attempt++;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    const next = options.connect();
    let gone = false;
    // Either event may come, or both, for one lost connection: it is handled once.
    const lost = (reason: string) => {
      if (gone) return;
      gone = true;
      missedSome = true;
      next.end().catch(() => undefined);
      if (client === next) {
        client = null;
        if (!stopped) log(`change bus: the listening connection was lost (${reason}); connecting again`);
      }
      scheduleConnect();
    };
    next.on("error", (error) => lost(error.message));
    next.on("end", () => lost("closed"));
    next.on("notification", heard);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost((error as Error).message);
      return;
    }
    if (gone) return;
    if (stopped) {
      gone = true;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (missedSome) {
      missedSome = false;
      options.onResync();
    }
  }

  await connect();

  const notifySql = (notice: ChangeNotice) => sql`pg_notify(${CHANGE_CHANNEL}, ${encode(origin, notice)})`;
  return {
    origin,
    async announce(tx, notice) {
      await tx.execute(sql`select ${notifySql(notice)}`);
    },
    notifySql,
    listening: () => client !== null,
    async close() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
