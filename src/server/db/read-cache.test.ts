import { describe, expect, it } from "vitest";
import { createKeyJoiner, createReadCache } from "./read-cache.ts";

function cacheAt(start = 1_000_000, options: { maxEntries?: number } = {}) {
  let nowMs = start;
  const cache = createReadCache({ clock: () => new Date(nowMs), ttlMs: 1_000, settleMs: 1_000, ...options });
  return {
    cache,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

/** A read whose result arrives when the test says, so a change can land while it runs. */
function pendingRead<T>(value: T) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    load: async () => {
      await done;
      return value;
    },
    finish,
  };
}

describe("the read cache", () => {
  it("answers a kept read until its time is up, then reads again", async () => {
    const { cache, advance } = cacheAt();
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.remember("k", ["c1"], load)).toBe(1);
    expect(await cache.remember("k", ["c1"], load)).toBe(1);
    advance(700);
    expect(await cache.remember("k", ["c1"], load)).toBe(1);
    advance(300);
    expect(await cache.remember("k", ["c1"], load)).toBe(2);
    expect(reads).toBe(2);
  });

  it("reads a key again in the background when it is read near its end, answering the kept value meanwhile", async () => {
    const { cache, advance } = cacheAt();
    let reads = 0;
    const next = pendingRead("second");
    const load = async () => (++reads === 1 ? "first" : next.load());
    expect(await cache.remember("k", ["c1"], load)).toBe("first");
    advance(800);
    // Nobody waits: the kept value answers, and one load starts for all of them.
    expect(await cache.remember("k", ["c1"], load)).toBe("first");
    expect(await cache.remember("k", ["c1"], load)).toBe("first");
    expect(reads).toBe(2);
    next.finish();
    await Promise.resolve();
    await Promise.resolve();
    advance(300);
    // The first entry would have ended here; the one read at 800 lives until 1,800.
    expect(await cache.remember("k", ["c1"], load)).toBe("second");
    expect(reads).toBe(2);
  });

  it("does not keep a background read that a change overtook, nor fail readers when it fails", async () => {
    const { cache, advance } = cacheAt();
    let value = "first";
    let fail = false;
    const load = async () => {
      if (fail) throw new Error("connection lost");
      return value;
    };
    await cache.remember("k", ["c1"], load);
    advance(800);
    fail = true;
    expect(await cache.remember("k", ["c1"], load)).toBe("first");
    await Promise.resolve();
    await Promise.resolve();
    fail = false;
    value = "second";
    advance(200);
    expect(await cache.remember("k", ["c1"], load)).toBe("second");
    const slow = pendingRead("before the change");
    advance(800);
    expect(await cache.remember("k", ["c1"], slow.load)).toBe("second");
    cache.invalidate(["c1"]);
    slow.finish();
    await Promise.resolve();
    await Promise.resolve();
    value = "after the change";
    expect(await cache.remember("k", ["c1"], load)).toBe("after the change");
  });

  it("drops what a change touches at once, and keeps nothing read while the change may not be committed", async () => {
    const { cache, advance } = cacheAt();
    let value = "before";
    const load = async () => value;
    await cache.remember("a", ["c1"], load);
    await cache.remember("b", ["c2"], load);
    value = "after";
    cache.invalidate(["c1"]);
    expect(await cache.remember("a", ["c1"], load)).toBe("after");
    expect(await cache.remember("b", ["c2"], load)).toBe("before");
    // Within the settle time every read goes to the database.
    value = "committed";
    expect(await cache.remember("a", ["c1"], load)).toBe("committed");
    advance(1_000);
    value = "kept";
    expect(await cache.remember("a", ["c1"], load)).toBe("kept");
    value = "not read";
    expect(await cache.remember("a", ["c1"], load)).toBe("kept");
  });

  it("keeps a slow read one second from when it started, so another server's change during it shows within a second", async () => {
    const { cache, advance } = cacheAt();
    const slow = pendingRead("read before the other server's change");
    const reading = cache.remember("a", ["c1"], slow.load);
    // The other server commits a change just after the read began, which the read does not see.
    advance(600);
    slow.finish();
    expect(await reading).toBe("read before the other server's change");
    advance(399);
    expect(cache.read("a")).toBe("read before the other server's change");
    advance(1);
    expect(cache.read("a")).toBeUndefined();
    expect(await cache.remember("a", ["c1"], async () => "after the change")).toBe("after the change");
  });

  it("does not keep a slow read that started before a change, however late it ends", async () => {
    const { cache, advance } = cacheAt();
    const slow = pendingRead("old");
    const reading = cache.remember("a", ["c1"], slow.load);
    cache.invalidate(["c1"]);
    advance(5_000);
    slow.finish();
    expect(await reading).toBe("old");
    expect(await cache.remember("a", ["c1"], async () => "new")).toBe("new");
  });

  it("lets reads of one key at the same moment share one load, but not across a change", async () => {
    const { cache } = cacheAt();
    let loads = 0;
    const first = pendingRead("old");
    const counted = () => {
      loads += 1;
      return first.load();
    };
    const together = [cache.remember("a", ["c1"], counted), cache.remember("a", ["c1"], counted)];
    expect(loads).toBe(1);
    cache.invalidate(["c1"]);
    const afterChange = cache.remember("a", ["c1"], async () => "new");
    first.finish();
    expect(await Promise.all(together)).toEqual(["old", "old"]);
    expect(await afterChange).toBe("new");
  });

  it("makes a kept answer again in the background near its end, under the ids the new one shows", async () => {
    const { cache, advance } = cacheAt();
    cache.store("answer", "first", ["e1"]);
    let reloads = 0;
    const next = pendingRead({ value: "second", ids: ["e1", "c1"] });
    const reload = () => {
      reloads += 1;
      return next.load();
    };
    expect(cache.readRefreshing("answer", reload)).toBe("first");
    advance(800);
    // Nobody waits, and one reload runs for all of them.
    expect(cache.readRefreshing("answer", reload)).toBe("first");
    expect(cache.readRefreshing("answer", reload)).toBe("first");
    expect(reloads).toBe(1);
    next.finish();
    await Promise.resolve();
    await Promise.resolve();
    advance(300);
    expect(cache.readRefreshing("answer", reload)).toBe("second");
    // The new answer shows c1 as well: a change to it drops the answer.
    cache.invalidate(["c1"]);
    expect(cache.readRefreshing("answer", reload)).toBeUndefined();
  });

  it("keeps no reloaded answer that a change overtook, that may not be shared, or that failed", async () => {
    const { cache, advance } = cacheAt();
    const outcomes: (() => Promise<{ value: string; ids: string[] } | null>)[] = [
      async () => ({ value: "overtaken", ids: ["e1"] }),
      async () => null,
      async () => {
        throw new Error("connection lost");
      },
    ];
    for (const outcome of outcomes) {
      cache.store("answer", "kept", ["e1"]);
      advance(800);
      const slow = pendingRead(undefined);
      const reload = async () => {
        await slow.load();
        return outcome();
      };
      expect(cache.readRefreshing("answer", reload)).toBe("kept");
      if (outcome === outcomes[0]) cache.invalidate(["e1"]);
      slow.finish();
      for (let tick = 0; tick < 5; tick++) await Promise.resolve();
      advance(300);
      expect(cache.readRefreshing("answer", reload)).toBeUndefined();
      advance(2_000);
    }
  });

  it("drops everything at once when changes may have been missed, keeping no read begun before", async () => {
    const { cache, advance } = cacheAt();
    await cache.remember("a", ["c1"], async () => "a-old");
    await cache.remember("b", ["c2"], async () => "b-old");
    const slow = pendingRead("c-old");
    const reading = cache.remember("c", ["c3"], slow.load);
    cache.clear();
    slow.finish();
    expect(await reading).toBe("c-old");
    expect(cache.read("a")).toBeUndefined();
    expect(cache.read("b")).toBeUndefined();
    expect(cache.read("c")).toBeUndefined();
    // Reads begun after the clear are kept again once it has settled.
    advance(1_000);
    expect(await cache.remember("a", ["c1"], async () => "a-new")).toBe("a-new");
    expect(await cache.remember("a", ["c1"], async () => "a-again")).toBe("a-new");
  });

  it("holds at most its number of entries, dropping the oldest", async () => {
    const { cache } = cacheAt(1_000_000, { maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.remember(key, ["c1"], async () => key);
    expect(cache.read("a")).toBeUndefined();
    expect(cache.read("b")).toBe("b");
    expect(cache.read("c")).toBe("c");
  });

  it("lets go of entries whose time is up once anything new is kept, however few there are", async () => {
    const { cache, advance } = cacheAt();
    for (const key of ["a", "b", "c"]) await cache.remember(key, [key], async () => key);
    advance(500);
    await cache.remember("d", ["d"], async () => "d");
    expect(cache.size()).toBe(4);
    // a, b and c ended; nobody read them since, and d is still live.
    advance(600);
    await cache.remember("e", ["e"], async () => "e");
    expect(cache.size()).toBe(2);
    expect(cache.read("d")).toBe("d");
    expect(cache.read("e")).toBe("e");
  });
});

describe("cache keys joined once per pair", () => {
  it("gives every pair its own key, the same one each time, also once it has started over", () => {
    const join = createKeyJoiner(":", 3);
    const pairs: [string, string][] = [
      ["c1", "events"],
      ["c1", "members"],
      ["c2", "events"],
      ["c1:events", ""],
      ["c2", "events"],
      ["c3", "stats"],
      ["c1", "events"],
    ];
    for (const [scope, key] of pairs) expect(join(scope, key)).toBe(`${scope}:${key}`);
    const kept = join("c9", "events");
    expect(join("c9", "events")).toBe(kept);
  });
});
