import { describe, expect, it } from "vitest";
import { createViewerReader } from "./viewer-reader.ts";

const ada = { id: "u1", name: "Ada Guest", email: "ada@example.test", image: null };

function setup() {
  let time = 1_000;
  let expiresAt = 1_000_000;
  const revoked = new Set<string>();
  const asked: string[] = [];
  const read = createViewerReader({
    getSession: async (headers) => {
      const cookie = headers.get("cookie") ?? "";
      asked.push(cookie);
      // better-auth reads the database when the request has no signed copy of the session.
      return {
        session: { id: "s1", expiresAt: new Date(expiresAt) },
        user: ada,
        fromDatabase: !cookie.includes("session_data="),
      };
    },
    isRevoked: (id) => revoked.has(id),
    now: () => time,
    ttlMs: 5_000,
    readTtlMs: 60_000,
  });
  const headers = (cookie: string) => new Headers({ cookie });
  const expireAt = (at: number) => {
    expiresAt = at;
  };
  return { read, asked, revoked, headers, expireAt, advance: (ms: number) => (time += ms) };
}

const signed = "theme=dark; better-auth.session_token=tok.sig; better-auth.session_data=abc";

describe("reading the viewer", () => {
  it("asks nobody when the request carries no session cookie", async () => {
    const { read, asked, headers } = setup();
    expect(await read(headers("theme=dark"))).toBeNull();
    expect(asked).toEqual([]);
  });

  it("verifies the same signed cookies once, then answers from memory until they age out", async () => {
    const { read, asked, headers, advance } = setup();
    expect(await read(headers(signed))).toEqual(ada);
    expect(await read(headers("better-auth.session_data=abc; better-auth.session_token=tok.sig"))).toEqual(
      ada,
    );
    expect(asked).toHaveLength(1);
    advance(5_001);
    expect(await read(headers(signed))).toEqual(ada);
    expect(asked).toHaveLength(2);
  });

  it("looks up a changed cookie copy at once", async () => {
    const { read, asked, headers } = setup();
    await read(headers(signed));
    await read(headers("better-auth.session_token=tok.sig; better-auth.session_data=new"));
    expect(asked).toHaveLength(2);
  });

  it("keeps a session read from the database for the life of a signed copy, not past its end", async () => {
    const { read, asked, headers, advance, expireAt } = setup();
    const tokenOnly = headers("better-auth.session_token=tok.sig");
    expect(await read(tokenOnly)).toEqual(ada);
    advance(59_000);
    expect(await read(tokenOnly)).toEqual(ada);
    expect(asked).toHaveLength(1);
    advance(1_001);
    await read(tokenOnly);
    expect(asked).toHaveLength(2);

    // A session that ends sooner is looked up again when it ends.
    expireAt(70_000);
    advance(1);
    await read(headers("better-auth.session_token=other.sig"));
    advance(9_000);
    await read(headers("better-auth.session_token=other.sig"));
    expect(asked).toHaveLength(4);
  });

  it("stops a revoked session at once, even when it was verified a moment ago", async () => {
    const { read, revoked, headers } = setup();
    expect(await read(headers(signed))).toEqual(ada);
    expect(await read(headers("better-auth.session_token=tok.sig"))).toEqual(ada);
    revoked.add("s1");
    expect(await read(headers(signed))).toBeNull();
    expect(await read(headers("better-auth.session_token=tok.sig"))).toBeNull();
  });
});

describe("a session answered from its signed copy", () => {
  const reader = (copyLeftMs: number | null) => {
    let time = 0;
    let asked = 0;
    const read = createViewerReader({
      getSession: async () => {
        asked += 1;
        return { session: { id: "s1" }, user: ada, fromDatabase: false, copyLeftMs };
      },
      isRevoked: () => false,
      now: () => time,
      ttlMs: 5_000,
      readTtlMs: 60_000,
    });
    return {
      read: () => read(new Headers({ cookie: signed })),
      advance: (ms: number) => (time += ms),
      asked: () => asked,
    };
  };

  it("is kept while better-auth would accept the same copy, and looked up once it runs out", async () => {
    const { read, advance, asked } = reader(42_000);
    await read();
    advance(41_999);
    expect(await read()).toEqual(ada);
    expect(asked()).toBe(1);
    advance(2);
    await read();
    expect(asked()).toBe(2);
  });

  it("is never kept longer than a copy lives, whatever time the copy claims", async () => {
    const { read, advance, asked } = reader(3_600_000);
    await read();
    advance(60_001);
    await read();
    expect(asked()).toBe(2);
  });
});

describe("telling how better-auth answered", () => {
  it("keeps a session answered from a copy whose time it cannot read only a moment", async () => {
    let time = 0;
    let asked = 0;
    const read = createViewerReader({
      getSession: async () => {
        asked += 1;
        return { session: { id: "s1" }, user: ada, fromDatabase: false };
      },
      isRevoked: () => false,
      now: () => time,
      ttlMs: 5_000,
      readTtlMs: 60_000,
    });
    const tokenOnly = new Headers({ cookie: "better-auth.session_token=tok.sig" });
    await read(tokenOnly);
    time += 5_001;
    await read(tokenOnly);
    expect(asked).toBe(2);
  });
});
