import { type GraphQLObjectType, getNamedType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "../test/harness.ts";
import { schema } from "./schema.ts";

/**
 * Every root operation, called by a signed-out visitor and by a signed-in member of another
 * community. A new query or mutation fails the first test until it is added here.
 */
type Result = Awaited<ReturnType<TestBrowser["graphql"]>>;
type Case = {
  query: string;
  variables: (ids: { communityId: string; slug: string }) => Record<string, unknown>;
  /** What a signed-in user of another community gets; every case must show nothing of community A. */
  outsider: (result: Result, ids: { communityId: string; slug: string }) => void;
};

const refusedAs = (code: string) => (result: Result) => {
  expect(result.data === null || Object.values(result.data ?? {}).every((v) => v === null)).toBe(true);
  expect(result.errors?.[0]?.extensions?.code).toBe(code);
};

const cases: Record<string, Case> = {
  "Query.viewer": {
    query: "{ viewer { id email } }",
    variables: () => ({}),
    outsider: (result) =>
      expect(result.data).toMatchObject({ viewer: { email: expect.stringContaining("outsider") } }),
  },
  "Query.myCommunities": {
    query: "{ myCommunities { id } }",
    variables: () => ({}),
    outsider: (result, ids) =>
      expect(
        (result.data as { myCommunities: { id: string }[] }).myCommunities.map((c) => c.id),
      ).not.toContain(ids.communityId),
  },
  "Query.community": {
    query: "query ($id: ID!) { community(id: $id) { id name } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.slugAvailability": {
    query: "query ($slug: String!) { slugAvailability(slug: $slug) { available } }",
    variables: (ids) => ({ slug: ids.slug }),
    // Slugs are public addresses (/c/{slug}); saying one is taken reveals nothing more.
    outsider: (result) => expect(result.data).toEqual({ slugAvailability: { available: false } }),
  },
  "Mutation.updateCommunity": {
    query: 'mutation ($id: ID!) { updateCommunity(id: $id, input: { name: "Hijacked" }) { id name } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.deleteCommunity": {
    query: 'mutation ($id: ID!) { deleteCommunity(id: $id, confirmName: "Community A") }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.createCommunity": {
    query: "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    variables: (ids) => ({
      input: {
        name: "Takeover",
        slug: ids.slug,
        timeZone: "UTC",
        currency: "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    }),
    // Creating one's own community is allowed, but never under another community's address.
    outsider: refusedAs("BAD_USER_INPUT"),
  },
};

let t: TestServer;
let outsider: TestBrowser;
const ids = { communityId: "", slug: `guarded-${Math.random().toString(36).slice(2, 8)}` };

beforeAll(async () => {
  t = await startTestServer();
  const owner = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Owner A");
  const created = await owner.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Community A",
        slug: ids.slug,
        timeZone: "UTC",
        currency: "EUR",
        visibility: "PRIVATE",
        joinPolicy: "INVITE",
      },
    },
  );
  ids.communityId = created.data?.createCommunity.id as string;
  outsider = t.browser();
  await outsider.signIn(uniqueEmail("outsider"), "Outsider B");
  await outsider.graphql(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Community B",
        slug: `${ids.slug}-b`,
        timeZone: "UTC",
        currency: "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
});
afterAll(() => t.close());

describe("authorization of every operation", () => {
  it("covers every query and mutation in the schema", () => {
    const rootFields = (type: GraphQLObjectType | null | undefined) =>
      Object.keys(type?.getFields() ?? {}).map((name) => `${type?.name}.${name}`);
    const all = [...rootFields(schema.getQueryType()), ...rootFields(schema.getMutationType())].sort();
    expect(Object.keys(cases).sort()).toEqual(all);
    expect(getNamedType(schema.getQueryType() as GraphQLObjectType).name).toBe("Query");
  });

  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: refused to a signed-out visitor`, async () => {
      const result = await t.browser().graphql(c.query, c.variables(ids));
      if (name === "Query.viewer") {
        expect(result.data).toEqual({ viewer: null });
        return;
      }
      refusedAs("UNAUTHENTICATED")(result);
    });
    it(`${name}: shows nothing of another community to its outsider`, async () => {
      c.outsider(await outsider.graphql(c.query, c.variables(ids)), ids);
    });
  }
});
