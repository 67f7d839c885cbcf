import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
let eventId: string;

beforeAll(async () => {
  t = await startTestServer({
    overrides: { production: true, jobs: { pollIntervalMs: 3_600_000, testHoldMs: 3_600_000 } },
  });
  owner = (await quickSignIn(t, "Bea Bounds")).browser;
  communityId = await createCommunity(owner, "Bad Inputs");
  eventId = (await createEvent(owner, communityId)).id;
  const guest = (await quickSignIn(t, "Gus Guest")).browser;
  expect((await registerFor(guest, eventId)).errors).toBeUndefined();
});
afterAll(() => t.close());

const cursor = (json: string) => Buffer.from(json).toString("base64url");
const codeOf = (result: { errors?: { extensions?: { code?: string } }[] }) =>
  result.errors?.[0]?.extensions?.code;

describe("bad input gets a stable code, never INTERNAL_SERVER_ERROR", () => {
  it("refuses cursors this server did not hand out with BAD_CURSOR", async () => {
    const lists = [
      `query ($id: ID!, $after: String) { events(communityId: $id, filter: UPCOMING, after: $after) { nodes { id } } }`,
      `query ($id: ID!, $after: String) { events(communityId: $id, filter: DRAFTS, after: $after) { nodes { id } } }`,
      `query ($id: ID!, $after: String) { eventRegistrations(eventId: $id, after: $after) { nodes { id } } }`,
      `query ($after: String) { myRegistrations(when: UPCOMING, after: $after) { nodes { id } } }`,
    ];
    const bad = [
      cursor('["not-a-date"]'),
      cursor("[1e400]"),
      cursor('["not-a-date","x"]'),
      cursor("{}"),
      "%%%",
    ];
    for (const [index, query] of lists.entries()) {
      for (const after of bad) {
        const result = await owner.graphql(query, { id: index < 2 ? communityId : eventId, after });
        expect({ query, after, code: codeOf(result) }).toEqual({ query, after, code: "BAD_CURSOR" });
      }
    }
  });

  it("refuses NUL characters in ids and searches with BAD_USER_INPUT", async () => {
    const probes: [string, Record<string, unknown>][] = [
      ["query ($id: ID!) { event(id: $id) { id } }", { id: "abc\u0000" }],
      [
        "query ($id: ID!, $s: String) { eventRegistrations(eventId: $id, search: $s) { nodes { id } } }",
        { id: eventId, s: "\u0000" },
      ],
      [
        "query ($id: ID!, $s: String) { events(communityId: $id, filter: UPCOMING, search: $s) { nodes { id } } }",
        { id: communityId, s: "a\u0000b" },
      ],
      [`{ event(id: "x\\u0000") { id } }`, {}],
    ];
    for (const [query, variables] of probes) {
      const result = await owner.graphql(query, variables);
      expect({ query, code: codeOf(result) }).toEqual({ query, code: "BAD_USER_INPUT" });
    }
  });

  it("answers a CSV export with search=%00 with a 400 before any row is streamed", async () => {
    const response = await owner.fetch(`/api/events/${eventId}/registrations.csv?search=%00`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "BAD_USER_INPUT" });
    const whole = await owner.fetch(`/api/events/${eventId}/registrations.csv`);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toContain("Gus Guest");
  });

  it("gives depth, cost, alias, directive and size refusals their own codes", async () => {
    let deep = "id";
    for (let i = 0; i < 9; i++) deep = `viewer { ${deep} }`;
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: viewer { id }`).join(" ");
    const directives = Array.from({ length: 12 }, () => "@include(if: true)").join(" ");
    const tokens = Array.from({ length: 2100 }, () => "__typename").join(" ");
    const ten = (name: string) => Array.from({ length: 10 }, () => `...${name}`).join(" ");
    const costly = `query { ...C } fragment A on Query { events(communityId: "${communityId}", filter: UPCOMING) { nodes { id title } } }
      fragment B on Query { ${ten("A")} } fragment C on Query { ${ten("B")} }`;
    const cases: [string, string][] = [
      [`{ ${deep} }`, "QUERY_TOO_DEEP"],
      [`{ ${aliases} }`, "TOO_MANY_ALIASES"],
      [`{ viewer ${directives} { id } }`, "TOO_MANY_DIRECTIVES"],
      [`{ ${tokens} }`, "QUERY_TOO_LARGE"],
      [costly, "QUERY_TOO_COSTLY"],
    ];
    for (const [query, code] of cases) {
      const result = await owner.graphql(query);
      const codes = (result.errors ?? []).map((error) => error.extensions?.code ?? "none");
      expect(result.data ?? null).toBeNull();
      expect(codes).toContain(code);
      expect(codes).not.toContain("none");
    }
  });
});
