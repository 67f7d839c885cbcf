import { isScalarType, specifiedScalarTypes } from "graphql";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { createAppLogger } from "#server/observability/logger.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { schema } from "./schema.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
let eventId: string;

/** What the server logs at error level (unexpected errors): a stack trace there means a bug. */
const errorLines: string[] = [];
const log = createAppLogger({
  level: "error",
  destination: { write: (line: string) => void errorLines.push(line) },
});

beforeAll(async () => {
  t = await startTestServer({
    log,
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

/** Nothing a client sends is logged as unexpected: a stack trace in the log means a bug. */
afterEach(() => {
  expect(errorLines).toEqual([]);
  errorLines.length = 0;
});

/**
 * Per custom scalar of the schema: values it must refuse, one it takes, and operations with a
 * `$v` variable or a `{v}` literal of it (in arguments and inside input objects).
 */
const SCALARS: Record<string, { bad: unknown[]; good: unknown; operations: () => string[] }> = {
  MinorUnits: {
    bad: [1.5, "12", "1e3", 2 ** 53, -0.5, true, ""],
    good: 1250,
    operations: () => [
      `mutation ($v: MinorUnits!) { refundPayment(id: "no-such-payment", amountMinor: {v}, reason: "Asked") { id } }`,
      `mutation ($v: MinorUnits!) { recordPayment(communityId: "${communityId}", input: { amountMinor: {v}, currency: "EUR", method: CASH, purpose: OTHER }) { id } }`,
      `mutation ($v: MinorUnits!) { recordPayment(communityId: "${communityId}", input: { amountMinor: 100, feeMinor: {v}, currency: "EUR", method: CASH, purpose: OTHER }) { id } }`,
    ],
  },
  DateTime: {
    bad: ["garbage", "12", "1.5", "2026-02-31T00:00:00Z", "2026-11-28T10:00", "2026-11-28T25:00:00Z", "", 12],
    good: "2026-01-01T00:00:00.000Z",
    operations: () => [
      `query ($v: DateTime!) { paymentTotals(communityId: "${communityId}", from: {v}, to: "2026-06-01T00:00:00Z") { currency } }`,
      `query ($v: DateTime!) { payments(communityId: "${communityId}", filter: { createdAfter: {v} }) { nodes { id } } }`,
      `query ($v: DateTime!) { payments(communityId: "${communityId}", filter: { createdBefore: {v} }) { nodes { id } } }`,
      `query ($v: DateTime!) { members(communityId: "${communityId}", filter: { joinedAfter: {v} }) { nodes { id } } }`,
      `query ($v: DateTime!) { members(communityId: "${communityId}", filter: { lastActiveBefore: {v} }) { nodes { id } } }`,
      `mutation ($v: DateTime!) { createPromoCode(communityId: "${communityId}", input: { code: "SPRING", percentOff: 10, startsAt: {v} }) { id } }`,
      `mutation ($v: DateTime!) { createPromoCode(communityId: "${communityId}", input: { code: "SPRING", percentOff: 10, expiresAt: {v} }) { id } }`,
      `mutation ($v: DateTime!) { recordPayment(communityId: "${communityId}", input: { amountMinor: 100, currency: "EUR", method: CASH, purpose: OTHER, paidAt: {v} }) { id } }`,
      `mutation ($v: DateTime!) { undoAgentActionsSince(input: { communityId: "${communityId}", agentId: "no-such-agent", since: {v} }) { runs } }`,
    ],
  },
  JSON: {
    bad: ["garbage", "", 12, 1.5, true, [1]],
    good: {},
    operations: () => [
      `mutation ($v: JSON!) { createAgent(input: { communityId: "${communityId}", name: "Greeter", definition: {v} }) { id } }`,
      `mutation ($v: JSON!) { updateAgent(input: { id: "no-such-agent", definition: {v} }) { id } }`,
    ],
  },
};

/** The operation with the value as a variable, and with it written into the document. */
function bothWays(operation: string, value: unknown): [string, Record<string, unknown>][] {
  const literal = operation
    .replace(/^(query|mutation) \(\$v: \w+!\) /, "$1 ")
    .replace("{v}", JSON.stringify(value));
  return [
    [operation.replace("{v}", "$v"), { v: value }],
    [literal, {}],
  ];
}

describe("custom scalars refuse bad values with BAD_USER_INPUT", () => {
  it("covers every custom scalar the schema defines", () => {
    const custom = Object.values(schema.getTypeMap())
      .filter((type) => isScalarType(type) && !specifiedScalarTypes.some((s) => s.name === type.name))
      .map((type) => type.name)
      .sort();
    expect(custom).toEqual(Object.keys(SCALARS).sort());
  });

  for (const [name, scalar] of Object.entries(SCALARS)) {
    it(`refuses a bad ${name} as a variable and as a literal, naming the value`, async () => {
      for (const operation of scalar.operations()) {
        for (const value of scalar.bad) {
          for (const [query, variables] of bothWays(operation, value)) {
            const result = await owner.graphql(query, variables);
            const [error] = result.errors ?? [];
            expect({ query, value, code: error?.extensions?.code }).toEqual({
              query,
              value,
              code: "BAD_USER_INPUT",
            });
            expect(error?.message).toContain(`${name} takes`);
            expect(error?.message).toContain(
              typeof value === "string" ? JSON.stringify(value) : String(value),
            );
            expect(result.data ?? null).toBeNull();
          }
        }
      }
    });

    it(`takes a good ${name} through to the field`, async () => {
      for (const operation of scalar.operations()) {
        for (const [query, variables] of bothWays(operation, scalar.good)) {
          const result = await owner.graphql(query, variables);
          // The field ran: whatever it said of the rest of the input, the value itself was taken.
          const refusals = (result.errors ?? []).filter(
            (error) => error.message.includes(name) || error.extensions?.code === "INTERNAL_SERVER_ERROR",
          );
          expect({ query, refusals }).toEqual({ query, refusals: [] });
        }
      }
    });
  }
});

describe("variables of the built-in types", () => {
  it("refuses a value of the wrong type with BAD_USER_INPUT", async () => {
    const result = await owner.graphql(
      "query ($first: Int) { myRegistrations(when: UPCOMING, first: $first) { nodes { id } } }",
      { first: "12" },
    );
    expect(result.errors?.map((error) => error.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
  });
});

describe("a body that is not a GraphQL request gets a 400 saying what to send", () => {
  const send = (body: string, accept?: string) =>
    owner.fetch("/api/graphql", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...(accept ? { accept } : {}) },
    });

  it("answers malformed JSON, arrays, other JSON values and wrong parameter types with BAD_USER_INPUT", async () => {
    const cases: [string, string][] = [
      ['{"query": "{ viewer { id } }"', "not valid JSON"],
      ["", "no body"],
      ["[]", "one JSON object"],
      ['[{"query": "{ viewer { id } }"}]', "one JSON object"],
      ["null", "JSON object"],
      ['"{ viewer { id } }"', "JSON object"],
      ["{}", '"query"'],
      ['{"query": 42}', '"query" must be a string'],
      ['{"query": "{ viewer { id } }", "variables": "x"}', '"variables" must be a JSON object'],
      ['{"query": "{ viewer { id } }", "variables": [1]}', '"variables" must be a JSON object'],
      ['{"query": "{ viewer { id } }", "operationName": 5}', '"operationName" must be a string'],
      ['{"query": "{ viewer { id } }", "extensions": "x"}', '"extensions" must be a JSON object'],
    ];
    for (const [body, said] of cases) {
      const response = await send(body);
      const answer = (await response.json()) as { errors: { message: string; extensions: object }[] };
      expect({ body, status: response.status, type: response.headers.get("content-type") }).toEqual({
        body,
        status: 400,
        type: "application/json; charset=utf-8",
      });
      expect(answer.errors).toEqual([
        { message: expect.stringContaining(said), extensions: { code: "BAD_USER_INPUT" } },
      ]);
    }
  });

  it("answers in the GraphQL response type when the client asks for it", async () => {
    const response = await send("[]", "application/graphql-response+json");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/graphql-response+json; charset=utf-8");
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: "BAD_USER_INPUT" } }] });
  });
});
