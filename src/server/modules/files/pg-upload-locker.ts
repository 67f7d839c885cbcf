import { randomUUID } from "node:crypto";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import pg from "pg";
import { processLog } from "#server/observability/logger.ts";

const CHANNEL = "commons_tus_locks";
/** tus's own in-memory locker gives up after 30 s; so does this one. */
const DEFAULT_ACQUIRE_TIMEOUT_MS = 30_000;
/** A notification can be missed (a reconnect), so a waiter also tries again at this pace. */
const RETRY_EVERY_MS = 250;
const ASK_AGAIN_AFTER_MS = 1_000;
/** A database that does not answer the connection's start is given up on after this long. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Probes an idle connection, so one whose database vanished without a word is noticed and dropped. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/** How the lock connection shows in `pg_stat_activity`. */
export const LOCK_CONNECTION_NAME = "commons-upload-locks";

type Message = { op: "release" | "released"; id: string; from: string };

/**
 * What this process holds or is about to take, per upload id. A claim is put in the map before the
 * first await of an attempt, so two requests of this process woken together cannot both ask
 * PostgreSQL (advisory locks are re-entrant within a session: both would get it).
 */
type Claim = { requestRelease: RequestRelease | null; connection: pg.Client | null };

const lockKey = (id: string) => `tus-upload:${id}`;

/** `promise`, or ERR_LOCK_TIMEOUT as soon as `signal` aborts, whichever comes first. */
function until<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(ERRORS.ERR_LOCK_TIMEOUT);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(ERRORS.ERR_LOCK_TIMEOUT);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}

/**
 * tus upload locks shared by every app process on one PostgreSQL database.
 *
 * A lock is a session-level advisory lock on one dedicated connection per process, taken with the
 * non-blocking `pg_try_advisory_lock`, so the connection never waits and one is enough for every
 * upload. Advisory locks are re-entrant within a session, so requests in this process first claim
 * the id in memory; only the claimant asks PostgreSQL. Locks die with the connection: a process
 * that exits, is killed or loses its database releases all it held, and nothing has to expire.
 *
 * tus expects a request that wants a held lock to ask the holder to let go ("request release"):
 * the holder's request is cancelled and unlocks once it has drained. Across processes the ask is a
 * NOTIFY on one channel that every locker LISTENs on, and the release is announced the same way,
 * so the waiter tries again at once rather than at its next poll.
 */
export class PgUploadLocker implements Locker {
  readonly #connectionString: string;
  readonly #acquireTimeoutMs: number;
  readonly #token = randomUUID();
  readonly #claims = new Map<string, Claim>();
  readonly #wakers = new Map<string, Set<() => void>>();
  #connection: Promise<pg.Client> | null = null;
  /** The client behind `#connection`, so closing need not wait for a connection still being made. */
  #client: pg.Client | null = null;
  #closed = false;

  constructor(options: { connectionString: string; acquireLockTimeoutMs?: number }) {
    this.#connectionString = options.connectionString;
    this.#acquireTimeoutMs = options.acquireLockTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  }

  newLock(id: string): Lock {
    // Each lock knows its own claim, so unlocking twice, or after the connection dropped, cannot
    // release a lock that a later request of this process has taken since.
    let held: Claim | null = null;
    return {
      lock: async (signal, requestRelease) => {
        held = await this.#lock(id, signal, requestRelease);
      },
      unlock: async () => {
        const claim = held;
        held = null;
        if (claim) await this.#unlock(id, claim);
      },
    };
  }

  /** Ends the connection, which releases every lock this process holds. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#connection = null;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  #connect(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error("the upload locker is closed"));
    this.#connection ??= (async () => {
      const client = new pg.Client({
        connectionString: this.#connectionString,
        application_name: LOCK_CONNECTION_NAME,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
      });
      this.#client = client;
      let gone = false;
      const dropped = (error?: Error) => {
        if (gone) return;
        gone = true;
        if (error) processLog().error({ err: error }, "storage: the upload lock connection was lost");
        // The database released this connection's locks when it went. Their holders are still
        // writing, so each is asked to stop (tus cancels its request), and waiters try again.
        for (const [id, claim] of this.#claims) {
          if (claim.connection === client) {
            this.#claims.delete(id);
            void Promise.resolve(claim.requestRelease?.()).catch(() => {});
            this.#wake(id);
          }
        }
        if (this.#connection === current) this.#connection = null;
        if (this.#client === client) this.#client = null;
      };
      client.on("error", dropped);
      client.on("end", () => dropped());
      client.on("notification", (message) => this.#onNotification(message.payload));
      try {
        await client.connect();
        await client.query(`listen ${CHANNEL}`);
      } catch (error) {
        client.on("error", () => {});
        await client.end().catch(() => {});
        throw error;
      }
      return client;
    })();
    const current = this.#connection;
    current.catch(() => {
      if (this.#connection === current) this.#connection = null;
    });
    return current;
  }

  #onNotification(payload: string | undefined) {
    let message: Message;
    try {
      message = JSON.parse(payload ?? "") as Message;
    } catch {
      return;
    }
    if (message.from === this.#token) return;
    if (message.op === "released") this.#wake(message.id);
    else void this.#claims.get(message.id)?.requestRelease?.();
  }

  #wake(id: string) {
    const wakers = this.#wakers.get(id);
    this.#wakers.delete(id);
    for (const wake of wakers ?? []) wake();
  }

  /** Drops `claim` if it is still the one for `id`, and lets the waiters try again. */
  #forget(id: string, claim: Claim) {
    if (this.#claims.get(id) !== claim) return;
    this.#claims.delete(id);
    this.#wake(id);
  }

  /** Resolves when `id` may be free: a release here or elsewhere, the poll interval, or `signal`. */
  #waitForRelease(id: string, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        this.#wakers.get(id)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, RETRY_EVERY_MS);
      signal.addEventListener("abort", done, { once: true });
      const wakers = this.#wakers.get(id) ?? new Set<() => void>();
      this.#wakers.set(id, wakers);
      wakers.add(done);
    });
  }

  async #notify(client: pg.Client, message: Message) {
    await client.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(message)]);
  }

  /**
   * Tries once to take `id` for `claim`, which is already in the map: the connection that holds it,
   * or null when another process does. Whatever the outcome, a claim not taken leaves the map.
   */
  async #attempt(id: string, claim: Claim, giveUp: AbortSignal): Promise<pg.Client | null> {
    let client: pg.Client;
    try {
      client = await until(this.#connect(), giveUp);
    } catch (error) {
      this.#forget(id, claim);
      throw error;
    }
    // The connection may have dropped (and taken the claim with it) while it was being made.
    if (this.#claims.get(id) !== claim) return null;
    claim.connection = client;
    const query = client
      .query<{ taken: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 0)) as taken", [
        lockKey(id),
      ])
      .then((result) => result.rows[0]?.taken === true);
    try {
      if (await until(query, giveUp)) return client;
      this.#forget(id, claim);
      return null;
    } catch (error) {
      // Given up while PostgreSQL had not answered yet: the claim stays until it does, so no other
      // request of this process asks meanwhile, and a lock it took after all is handed back.
      void query
        .then(async (taken) => {
          if (taken && this.#claims.get(id) === claim) {
            await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [lockKey(id)]);
          }
        })
        .catch(() => {})
        .finally(() => this.#forget(id, claim));
      throw error;
    }
  }

  async #lock(id: string, stop: AbortSignal, requestRelease: RequestRelease): Promise<Claim> {
    const giveUp = AbortSignal.any([stop, AbortSignal.timeout(this.#acquireTimeoutMs)]);
    let askedAt = 0;
    while (!giveUp.aborted) {
      const local = this.#claims.get(id);
      if (local) {
        // Another request of this process holds it (or is taking it): ask it directly.
        await local.requestRelease?.();
      } else {
        const claim: Claim = { requestRelease: null, connection: null };
        this.#claims.set(id, claim);
        const client = await this.#attempt(id, claim, giveUp);
        if (client && this.#claims.get(id) === claim) {
          claim.requestRelease = requestRelease;
          return claim;
        }
        // Another process holds it: ask it to let go, then wait for its release. The ask is
        // repeated now and then, as the holder may have been still taking the lock when it came.
        if (client === null && claim.connection && Date.now() - askedAt > ASK_AGAIN_AFTER_MS) {
          askedAt = Date.now();
          await until(this.#notify(claim.connection, { op: "release", id, from: this.#token }), giveUp);
        }
      }
      await this.#waitForRelease(id, giveUp);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async #unlock(id: string, claim: Claim): Promise<void> {
    // A claim that is no longer in the map was dropped with its connection: nothing to release.
    if (this.#claims.get(id) !== claim) return;
    this.#claims.delete(id);
    try {
      const client = claim.connection;
      if (client && (await this.#connection?.catch(() => null)) === client) {
        await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [lockKey(id)]);
        await this.#notify(client, { op: "released", id, from: this.#token });
      }
    } finally {
      this.#wake(id);
    }
  }
}
