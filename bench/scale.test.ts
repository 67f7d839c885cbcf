// The scale bench's own pieces on a small real server: its settings, and its load generator's
// counting (errors by status, GraphQL errors and failed checks), cookies and rounds.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLoad, type Step, seededRandom, type VirtualUser } from "./scale-load.ts";
import { slowSeconds, startPeople } from "./scale-people.ts";
import { scaleSettings } from "./scale-settings.ts";

describe("scale bench settings", () => {
  it("default to 300 people for 60 s on 1, 2 and 3 processes, and read shorter runs from the environment", () => {
    expect(scaleSettings({})).toMatchObject({
      users: 300,
      seconds: 60,
      idleSeconds: 60,
      processCounts: [1, 2, 3],
      thinkMinMs: 1_000,
      thinkMaxMs: 3_000,
      saturationSeconds: 20,
      database: "socket",
    });
    expect(
      scaleSettings({
        SCALE_USERS: "20",
        SCALE_SECONDS: "3",
        SCALE_PROCESSES: "3,1,9",
        SCALE_DATABASE: "tcp",
      }),
    ).toMatchObject({
      users: 20,
      seconds: 3,
      processCounts: [3, 1],
      database: "tcp",
    });
    expect(scaleSettings({ SCALE_THINK_MIN_MS: "500", SCALE_THINK_MAX_MS: "200" })).toMatchObject({
      thinkMinMs: 500,
      thinkMaxMs: 500,
    });
  });

  it("draw the same pauses from the same seed, within [0, 1)", () => {
    const a = seededRandom(26);
    const b = seededRandom(26);
    const drawn = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(drawn);
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(drawn).size).toBe(100);
  });
});

describe("scale bench load generator", () => {
  let server: Server;
  let url = "";
  const seen: { cookie: string | undefined; forwardedFor: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({
        cookie: request.headers.cookie,
        forwardedFor: request.headers["x-forwarded-for"] as string,
      });
      if (request.url === "/sign-in") {
        response.writeHead(200, { "set-cookie": "session=fresh; Path=/" }).end("ok");
      } else if (request.url === "/missing") {
        response.writeHead(404).end("no");
      } else if (request.method === "POST") {
        let body = "";
        request.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        request.on("end", () => {
          const { query } = JSON.parse(body) as { query: string };
          response
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify(query === "bad" ? { errors: [{ message: "no" }] } : { data: { ok: true } }));
        });
      } else {
        response.writeHead(200, { "content-type": "text/html" }).end('<div id="root">page</div>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const graphqlCheck = (body: string) => {
    const parsed = JSON.parse(body) as { errors?: unknown };
    if (parsed.errors) throw new Error("GraphQL errors");
  };
  const page = (path: string): Step => ({
    kind: "page",
    signedIn: false,
    graphql: false,
    path,
    check: (body) => {
      if (!body.includes("root")) throw new Error("not a page");
    },
  });
  const query = (text: string): Step => ({
    kind: "graphql",
    signedIn: true,
    graphql: true,
    body: JSON.stringify({ query: text }),
    check: graphqlCheck,
  });

  it("counts each request, and as errors a bad status and a GraphQL error, per kind", async () => {
    const user: VirtualUser = {
      cookies: new Map([["session", "old"]]),
      address: "198.18.0.1",
      steps: [page("/"), page("/missing"), query("good"), query("bad")],
    };
    const result = await runLoad(url, [user], 0, { rounds: 2, strict: true });
    expect(result.requests).toBe(8);
    expect(result.errors).toBe(4);
    expect(result.firstError).toContain("status 404");
    expect(result.byKind).toMatchObject({
      page: { requests: 4, errors: 2 },
      graphql: { requests: 4, errors: 2 },
    });
  });

  it("sends each person's cookies and address, and keeps the cookies the server sets", async () => {
    seen.length = 0;
    const user: VirtualUser = {
      cookies: new Map([["session", "old"]]),
      address: "198.18.0.2",
      steps: [page("/sign-in"), query("good")],
    };
    await runLoad(url, [user], 0, { rounds: 1 });
    expect(seen).toEqual([
      { cookie: undefined, forwardedFor: "198.18.0.2" },
      { cookie: "session=fresh", forwardedFor: "198.18.0.2" },
    ]);
  });

  it("runs for the time given and finishes the round it started", async () => {
    const user: VirtualUser = {
      cookies: new Map(),
      address: "198.18.0.3",
      steps: [page("/"), query("good")],
    };
    const result = await runLoad(url, [user], 0.2);
    expect(result.errors).toBe(0);
    expect(result.requests % 2).toBe(0);
    expect(result.requests).toBeGreaterThan(2);
    expect(result.requestsPerSecond).toBeGreaterThan(0);
  });

  it("pauses each person between steps for at least the shortest think time", async () => {
    const user: VirtualUser = {
      cookies: new Map(),
      address: "198.18.0.4",
      steps: [page("/"), query("good"), page("/")],
    };
    const started = performance.now();
    const result = await runLoad(url, [user], 0, { rounds: 1, think: { minMs: 40, maxMs: 60, seed: 1 } });
    // Two pauses between three steps, each at least 40 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(80);
    expect(result.requests).toBe(3);
    expect(result.errors).toBe(0);
  });
});

describe("scale bench slow answers", () => {
  it("are counted by second, by kind and by the process that answered, of all its answers", () => {
    const slow = slowSeconds();
    slow.record(1_000, 20, "event-page", "app1");
    slow.record(1_100, 450, "registration", "app2");
    slow.record(2_500, 301, "registration", "app2");
    slow.record(2_600, 900, "event-page", "app1");
    slow.record(2_700, 300, "registration", "app2");
    expect(slow.summary()).toBe(
      "3 answers over 300 ms (registration 2, event-page 1) in 2 of its seconds; most in second 1 (2), 0 (1); by process app1 1 of 2, app2 2 of 3",
    );
    expect(slowSeconds().summary()).toBe("no answer over 300 ms");
  });
});

describe("scale bench people on their worker thread", () => {
  let server: Server;
  let url = "";
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.method !== "POST") {
        response.writeHead(200, { "content-type": "text/html" }).end('<div id="root">page</div>');
        return;
      }
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        bodies.push(body);
        // Every field a step looks for; the registration's id is what the cancel must send back.
        const data = { community: { id: "c" }, members: { edges: [] }, checkIn: { id: "o" } };
        const more = {
          undoCheckIn: { id: "o" },
          register: { id: "reg-7" },
          cancelRegistration: { id: "reg-7" },
        };
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ data: { ...data, ...more } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("run an organizer's and an attendee's steps in a window and answer its counts and slow seconds", async () => {
    const people = startPeople(url, {
      communityId: "c",
      eventIds: ["e1"],
      users: [
        { id: "u0", cookies: new Map([["session", "a"]]), address: "198.18.1.1" },
        { id: "u1", cookies: new Map([["session", "b"]]), address: "198.18.1.2" },
      ],
      organizerCheckIns: { 0: "o" },
      organizerCount: 1,
    });
    try {
      const { result, slow } = await people.run({ seconds: 0, rounds: 1, strict: true, slow: true });
      // The organizer's five steps and the attendee's page, registration and cancel.
      expect(result.requests).toBe(8);
      expect(result.errors).toBe(0);
      expect(Object.keys(result.byKind).sort()).toEqual([
        "check-in",
        "dashboard",
        "event-page",
        "member-search",
        "registration",
      ]);
      expect(slow).toBe("no answer over 300 ms");
      expect(bodies.filter((body) => body.includes('"id":"reg-7"'))).toHaveLength(1);
      // A window without `slow` answers no summary.
      expect((await people.run({ seconds: 0, rounds: 1 })).slow).toBeNull();
    } finally {
      await people.stop();
    }
  });
});
