import { describe, expect, it } from "vitest";
import { createViewerReader } from "./viewer-reader.ts";

const ada = { id: "u1", name: "Ada Guest", email: "ada@example.test", image: null };

function setup() {
  let time = 1_000;
  const revoked = new Set<string>();
  const asked: string[] = [];
  const read = createViewerReader({
    getSession: async (headers) => {
      asked.push(headers.get("cookie") ?? "");
      return { session: { id: "s1" }, user: ada };
    },
    isRevoked: (id) => revoked.has(id),
    now: () => time,
    ttlMs: 5_000,
  });
  const headers = (cookie: string) => new Headers({ cookie });
  return { read, asked, revoked, headers, advance: (ms: number) => (time += ms) };
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

  it("looks up a changed cookie cache, and a session without one, every time", async () => {
    const { read, asked, headers } = setup();
    await read(headers(signed));
    await read(headers("better-auth.session_token=tok.sig; better-auth.session_data=new"));
    await read(headers("better-auth.session_token=tok.sig"));
    await read(headers("better-auth.session_token=tok.sig"));
    expect(asked).toHaveLength(4);
  });

  it("stops a revoked session at once, even when it was verified a moment ago", async () => {
    const { read, revoked, headers } = setup();
    expect(await read(headers(signed))).toEqual(ada);
    revoked.add("s1");
    expect(await read(headers(signed))).toBeNull();
  });
});
