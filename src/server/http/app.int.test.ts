import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "#server/app.ts";
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
  uniqueEmail,
} from "#server/test/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ overrides: { production: true } });
});
afterAll(() => t.close());

describe("health", () => {
  it("answers /healthz while up and /readyz when the database answers", async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });
});

describe("API edges", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const response = await fetch(`${t.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("sends the security headers on every response, GraphQL answers included", async () => {
    const graphql = await t.browser().post("/api/graphql", { query: "{ viewer { id } }" });
    expect(graphql.status).toBe(200);
    for (const response of [await fetch(`${t.url}/healthz`), graphql]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'[^;]*;/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("refuses request bodies over 1 MiB", async () => {
    const browser = t.browser();
    const response = await browser.post("/api/graphql", {
      query: `{ viewer { id } }`,
      padding: "x".repeat(1_100_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("limits query depth and hides introspection in production", async () => {
    const browser = t.browser();
    await browser.signIn(uniqueEmail(), "Deep Diver");
    let deep = "id";
    for (let i = 0; i < 12; i++) deep = `__typename ... on Query { viewer { ${deep} } }`;
    const tooDeep = await browser.graphql(`{ ${deep} }`);
    expect(tooDeep.errors?.[0]?.message).toMatch(/depth|cost/i);
    expect(tooDeep.data ?? null).toBeNull();
    const introspection = await browser.graphql("{ __schema { types { name } } }");
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    expect(JSON.stringify(introspection)).not.toContain("CreateCommunityInput");
  });

  it("lets no other origin read GraphQL answers, and runs no operation over GET", async () => {
    const browser = t.browser();
    const email = uniqueEmail("cors");
    await browser.signIn(email, "Cora Cross");
    // A page on another port of the same host, with the victim's cookies attached.
    const evil = `http://127.0.0.1:${Number(new URL(t.url).port) + 1}`;
    const query = encodeURIComponent("{ viewer { id email } }");
    const viaGet = await browser.fetch(`/api/graphql?query=${query}`, {
      headers: { origin: evil, accept: "application/json" },
    });
    expect(viaGet.status).toBe(405);
    expect(viaGet.headers.get("access-control-allow-origin")).toBeNull();
    const body = await viaGet.text();
    expect(body).not.toContain(email);
    expect(JSON.parse(body)).toMatchObject({ code: "METHOD_NOT_ALLOWED" });

    const preflight = await browser.fetch("/api/graphql", {
      method: "OPTIONS",
      headers: { origin: evil, "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();

    const crossPost = await browser.fetch("/api/graphql", {
      method: "POST",
      headers: { origin: evil, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { id email } }" }),
    });
    expect(crossPost.headers.get("access-control-allow-origin")).toBeNull();
    expect(await crossPost.text()).not.toContain(email);

    const own = await browser.fetch("/api/graphql", {
      method: "POST",
      headers: { origin: t.url, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { email } }" }),
    });
    expect(own.headers.get("access-control-allow-origin")).toBe(t.url);
    expect(await own.json()).toEqual({ data: { viewer: { email } } });
  });

  it("masks unexpected errors in production: no stack, no internals", async () => {
    const browser = t.browser();
    const result = await browser.graphql("{ myCommunities { id } }", undefined);
    // Signed out is an expected error and keeps its code.
    expect(result.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("the built client", () => {
  let dir: string;
  let url: string;
  let close: () => Promise<void>;
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "commons-dist-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><div id=root></div>");
    const js = "console.log('hello');".repeat(50);
    writeFileSync(path.join(dir, "assets", "main-AbC123.js"), js);
    writeFileSync(path.join(dir, "assets", "main-AbC123.js.br"), brotliCompressSync(js));
    testDatabase = await createTestDatabase();
    const database = await testDatabase.open();
    const app = await createServerApp({ ...t.config }, { distDir: dir, database });
    const http = serve({ fetch: app.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => http.once("listening", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    close = async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await app.close();
      await testDatabase.dispose();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves hashed assets compressed and cached for good", async () => {
    const response = await fetch(`${url}/assets/main-AbC123.js`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain("hello");
  });

  it("answers any other path with the app, never cached: 200 where the client has a screen, 404 elsewhere", async () => {
    for (const [pathname, status] of [
      ["/", 200],
      ["/dashboard/abc/members", 200],
      ["/no/such/page", 404],
    ] as const) {
      const response = await fetch(`${url}${pathname}`);
      expect(response.status, pathname).toBe(status);
      expect(response.headers.get("cache-control")).toContain("no-cache");
      expect(await response.text()).toContain("<div id=root>");
    }
  });
});
