// A process's memory of recent reads, each entry tied to the ids of what it shows (decisions 010
// and 014). Two rules keep an entry true:
// - a change on this process drops the entries of the ids it touches when it emits its domain
//   event; that emit runs inside the change's transaction, so for `settleMs` after it no read that
//   started in that window is kept: it may have read the state from before the commit;
// - a change on another process is not seen here, so every entry lives `ttlMs` by the injected
//   clock from when its read started: such a change shows at most that much later.
// A kept entry read in the last `refreshMs` of its life is read again in the background while the
// kept value still answers, so a key read all the time never makes its readers wait for a load.

const FORGET_AFTER_MS = 60_000;

type Entry = { value: unknown; ids: string[]; expiresAt: number };

type Running = { promise: Promise<unknown>; ids: readonly string[] };

export type ReadCacheOptions = {
  clock: () => Date;
  /** `clock` in milliseconds, when it has a cheaper form: the caches read the time many times a request. */
  nowMs?: () => number;
  ttlMs?: number;
  settleMs?: number;
  refreshMs?: number;
  maxEntries?: number;
};

export function createReadCache(options: ReadCacheOptions) {
  const ttlMs = options.ttlMs ?? 1_000;
  const settleMs = options.settleMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const refreshMs = Math.min(options.refreshMs ?? ttlMs / 4, ttlMs);
  const now = options.nowMs ?? (() => options.clock().getTime());
  const entries = new Map<string, Entry>();
  const byId = new Map<string, Set<string>>();
  /** When each id last changed on this process, kept while it still matters. */
  const changedAt = new Map<string, number>();
  /** Loads under way, each with the ids it reads about. */
  const loading = new Map<string, Running>();
  /** When everything was last dropped at once (`clear`): reads started before it are not kept. */
  let allChangedAt = Number.NEGATIVE_INFINITY;

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

  /**
   * Drops the entries whose time is up from the oldest on. An ended entry is never answered, but
   * without this it stays until it is read again or `maxEntries` newer ones push it out: a public
   * page, its three encodings, for every event a crawler once opened. Entries are kept in the order
   * they were stored, nearly that of their ends, so this stops at the first live one.
   */
  function dropEnded() {
    const at = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt > at) return;
      remove(key);
    }
  }

  /** Whether a read that started at `startedAt` may have missed a change to `id`. */
  function mayBeStale(id: string, startedAt: number): boolean {
    if (allChangedAt + settleMs > startedAt) return true;
    const changed = changedAt.get(id);
    return changed !== undefined && changed + settleMs > startedAt;
  }

  /** The live entry of `key` at `at`; an ended one is dropped. */
  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  function read(key: string): unknown {
    return live(key, now())?.value;
  }

  /** Whether `entry`, read at `at`, is near its end with nothing reading it again yet. */
  const refreshDue = (key: string, entry: Entry, at: number) =>
    entry.expiresAt - at <= refreshMs && !loading.has(key);

  /** Marks `key` as being read by `promise` (about `ids`) until it settles. */
  function track(key: string, ids: readonly string[], promise: Promise<unknown>) {
    const running: Running = { promise, ids };
    loading.set(key, running);
    const done = () => {
      if (loading.get(key) === running) loading.delete(key);
    };
    promise.then(done, done);
  }

  /**
   * Keeps `value`, read by a read that started at `startedAt` (now by default), until `ttlMs`
   * after that start: whatever another process changed once the read had begun shows within
   * `ttlMs` of the change, however long the read took.
   */
  function store(key: string, value: unknown, shown: Iterable<string>, startedAt = now()) {
    const ids = [...new Set(shown)];
    if (ids.some((id) => mayBeStale(id, startedAt))) return;
    remove(key);
    dropEnded();
    if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
    entries.set(key, { value, ids, expiresAt: startedAt + ttlMs });
    for (const id of ids) {
      const keys = byId.get(id) ?? new Set<string>();
      keys.add(key);
      byId.set(id, keys);
    }
  }

  function invalidate(changed: Iterable<string>) {
    const ids = new Set(changed);
    const at = now();
    // A load already running may have read the state from before the change: nobody else joins it.
    for (const [key, running] of loading) {
      if (running.ids.some((id) => ids.has(id))) loading.delete(key);
    }
    // A change long past cannot be missed by a read still running; forget those now and then.
    if (changedAt.size > 10_000) {
      for (const [id, changed] of changedAt) if (changed < at - FORGET_AFTER_MS) changedAt.delete(id);
    }
    for (const id of ids) {
      changedAt.set(id, at);
      for (const key of [...(byId.get(id) ?? [])]) remove(key);
    }
  }

  /**
   * Drops every entry, as if everything had changed now: for when this process may have missed
   * changes made elsewhere (its change bus was disconnected, decision 041).
   */
  function clear() {
    allChangedAt = now();
    entries.clear();
    byId.clear();
    loading.clear();
  }

  /** Starts `load` for `key`, shared by every read of it until it ends, and keeps what it reads. */
  function startLoad<T>(
    key: string,
    ids: readonly string[],
    load: () => Promise<T>,
    startedAt = now(),
  ): Promise<T> {
    const promise = load().then((value) => {
      store(key, value, ids, startedAt);
      return value;
    });
    track(key, ids, promise);
    return promise;
  }

  /**
   * The kept value for `key`, or `load`'s, kept unless one of `ids` changed meanwhile. Reads of
   * one key at the same moment share one load (an entry that ends is not read again by every
   * waiting request at once), unless a change came after that load started. A kept value near
   * its end still answers while a load replaces it; that load failing leaves the entry to end.
   */
  function remember<T>(key: string, ids: readonly string[], load: () => Promise<T>): Promise<T> {
    const at = now();
    const entry = live(key, at);
    if (entry) {
      if (refreshDue(key, entry, at)) startLoad(key, ids, load, at).catch(() => {});
      return Promise.resolve(entry.value as T);
    }
    const running = loading.get(key);
    if (running) return running.promise as Promise<T>;
    return startLoad(key, ids, load, at);
  }

  /**
   * The kept value for `key`, like `read`, for entries whose ids are known only once they are
   * read (a finished answer shows what it shows). Near its end, `reload` is started in the
   * background, once at a time, so a key read all the time never ends and its readers never all
   * miss at once; what `reload` returns is kept by the same rules as any read (null: nothing to keep).
   */
  function readRefreshing(
    key: string,
    reload: () => Promise<{ value: unknown; ids: Iterable<string> } | null>,
  ): unknown {
    const at = now();
    const entry = live(key, at);
    if (!entry) return undefined;
    if (refreshDue(key, entry, at)) {
      const promise = reload().then((found) => {
        if (found) store(key, found.value, found.ids, at);
      });
      track(key, entry.ids, promise);
      promise.catch(() => {});
    }
    return entry.value;
  }

  /** How many entries are kept now, ended ones included until the next store drops them. */
  const size = () => entries.size;

  return { read, readRefreshing, store, invalidate, clear, remember, now, size };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/**
 * Joins a scope and a key into a cache key (`${scope}${separator}${key}`), each pair once: keys are
 * looked up many times a request, and a Map hashes a newly made string over its whole length,
 * where a string it has seen before keeps its hash. Past `maxEntries` pairs it starts over.
 */
export function createKeyJoiner(separator: string, maxEntries = 10_000) {
  let joined = new Map<string, Map<string, string>>();
  let size = 0;
  return (scope: string, key: string): string => {
    let keys = joined.get(scope);
    let found = keys?.get(key);
    if (found === undefined) {
      if (size >= maxEntries) {
        joined = new Map();
        keys = undefined;
        size = 0;
      }
      if (!keys) {
        keys = new Map();
        joined.set(scope, keys);
      }
      found = `${scope}${separator}${key}`;
      keys.set(key, found);
      size += 1;
    }
    return found;
  };
}

/**
 * What a query's loaders offer services: a read about one community, answered from the process's
 * recent reads when one is kept, and dropped by any domain event of that community.
 */
export type RememberingLoaders = {
  remember: <T>(key: string, communityId: string, load: () => Promise<T>) => Promise<T>;
};
