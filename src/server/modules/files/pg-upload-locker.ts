import { randomUUID } from "node:crypto";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import pg from "pg";

const CHANNEL = "commons_tus_locks";
/** tus's own in-memory locker gives up after 30 s; so does this one. */
const DEFAULT_ACQUIRE_TIMEOUT_MS = 30_000;
/** A notification can be missed (a reconnect), so a waiter also tries again at this pace. */
const RETRY_EVERY_MS = 250;
const ASK_AGAIN_AFTER_MS = 1_000;

type Message = { op: "release" | "released"; id: string; from: string };

/** What this process holds or is about to take, per upload id. */
type Claim = { requestRelease: RequestRelease | null; connection: pg.Client };

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
  #closed = false;

  constructor(options: { connectionString: string; acquireLockTimeoutMs?: number }) {
    this.#connectionString = options.connectionString;
    this.#acquireTimeoutMs = options.acquireLockTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  }

  newLock(id: string): Lock {
    return {
      lock: (signal, requestRelease) => this.#lock(id, signal, requestRelease),
      unlock: () => this.#unlock(id),
    };
  }

  /** Ends the connection, which releases every lock this process holds. */
  async close(): Promise<void> {
    this.#closed = true;
    const connection = this.#connection;
    this.#connection = null;
    await connection?.then((client) => client.end()).catch(() => {});
  }

  #connect(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error("the upload locker is closed"));
    this.#connection ??= (async () => {
      const client = new pg.Client({ connectionString: this.#connectionString });
      const dropped = (error?: Error) => {
        if (error) console.error(`storage: the upload lock connection was lost: ${error.message}`);
        // The database released this connection's locks when it went; so does the process.
        for (const [id, claim] of this.#claims) {
          if (claim.connection === client) {
            this.#claims.delete(id);
            this.#wake(id);
          }
        }
        if (this.#connection === current) this.#connection = null;
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

  async #lock(id: string, stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUp = AbortSignal.any([stop, AbortSignal.timeout(this.#acquireTimeoutMs)]);
    let askedAt = 0;
    while (!giveUp.aborted) {
      const local = this.#claims.get(id);
      if (local) {
        // Another request of this process holds it (or is taking it): ask it directly.
        await local.requestRelease?.();
      } else {
        const client = await this.#connect();
        const claim: Claim = { requestRelease: null, connection: client };
        this.#claims.set(id, claim);
        let taken = false;
        try {
          const result = await client.query<{ taken: boolean }>(
            "select pg_try_advisory_lock(hashtextextended($1, 0)) as taken",
            [`tus-upload:${id}`],
          );
          taken = result.rows[0]?.taken === true;
          if (taken && giveUp.aborted) {
            await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [`tus-upload:${id}`]);
            taken = false;
          }
        } finally {
          if (!taken && this.#claims.get(id) === claim) {
            this.#claims.delete(id);
            this.#wake(id);
          }
        }
        if (taken) {
          claim.requestRelease = requestRelease;
          return;
        }
        // Another process holds it: ask it to let go, then wait for its release. The ask is
        // repeated now and then, as the holder may have been still taking the lock when it came.
        if (Date.now() - askedAt > ASK_AGAIN_AFTER_MS) {
          askedAt = Date.now();
          await this.#notify(client, { op: "release", id, from: this.#token });
        }
      }
      await this.#waitForRelease(id, giveUp);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async #unlock(id: string): Promise<void> {
    const claim = this.#claims.get(id);
    if (!claim) return;
    this.#claims.delete(id);
    try {
      // A claim from a connection that has since dropped has nothing left to release.
      if ((await this.#connection?.catch(() => null)) === claim.connection) {
        await claim.connection.query("select pg_advisory_unlock(hashtextextended($1, 0))", [
          `tus-upload:${id}`,
        ]);
        await this.#notify(claim.connection, { op: "released", id, from: this.#token });
      }
    } finally {
      this.#wake(id);
    }
  }
}
