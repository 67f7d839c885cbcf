import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { COMMUNITIES_PER_PERSON } from "./community-writes.service.ts";

let t: TestServer;
let owner: TestBrowser;
beforeAll(async () => {
  t = await startTestServer();
  owner = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Olive Owner");
});
afterAll(() => t.close());

const uniqueSlug = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateCommunityInput!) {
    createCommunity(input: $input) { id slug name description timeZone currency visibility joinPolicy memberCount viewerRole }
  }
`;

const input = (overrides: Record<string, unknown> = {}) => ({
  name: "Lyon Open Source",
  slug: uniqueSlug("lyon-oss"),
  description: "We meet monthly.",
  timeZone: "Europe/Paris",
  currency: "EUR",
  visibility: "PUBLIC",
  joinPolicy: "OPEN",
  ...overrides,
});

describe("creating a community", () => {
  it("makes the creator its owner with one member, and lists it in their communities", async () => {
    const values = input();
    const created = await owner.graphql<{ createCommunity: Record<string, unknown> }>(CREATE, {
      input: values,
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createCommunity).toMatchObject({
      name: "Lyon Open Source",
      slug: values.slug,
      timeZone: "Europe/Paris",
      currency: "EUR",
      visibility: "PUBLIC",
      joinPolicy: "OPEN",
      memberCount: 1,
      viewerRole: "OWNER",
    });
    const mine = await owner.graphql<{
      myCommunities: { slug: string; viewerRole: string; memberCount: number }[];
    }>("{ myCommunities { slug viewerRole memberCount } }");
    expect(mine.data?.myCommunities).toContainEqual({
      slug: values.slug,
      viewerRole: "OWNER",
      memberCount: 1,
    });
  });

  it("answers each bad field with its own code", async () => {
    const result = await owner.graphql(CREATE, {
      input: input({ name: "  ", slug: "Not A Slug", timeZone: "Mars/Olympus", currency: "XXQ" }),
    });
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const fields = result.errors?.[0]?.extensions?.fields?.map((f) => [f.field, f.code]);
    expect(fields).toEqual([
      ["name", "REQUIRED"],
      ["slug", "INVALID_SLUG"],
      ["timeZone", "INVALID_TIME_ZONE"],
      ["currency", "INVALID_CURRENCY"],
    ]);
  });

  it("keeps slugs unique, also when two requests race for one", async () => {
    const slug = uniqueSlug("race");
    const other = t.browser();
    await other.signIn(uniqueEmail("racer"), "Rae Racer");
    const results = await Promise.all([
      owner.graphql(CREATE, { input: input({ slug }) }),
      other.graphql(CREATE, { input: input({ slug }) }),
    ]);
    const winners = results.filter((r) => !r.errors);
    const losers = results.filter((r) => r.errors);
    expect(winners).toHaveLength(1);
    expect(losers[0]?.errors?.[0]?.extensions?.fields).toEqual([
      { field: "slug", code: "SLUG_TAKEN", message: "That address is taken. Try another." },
    ]);
  });

  it("limits how many communities one person creates in an hour, with a stable code", async () => {
    const creator = t.browser();
    await creator.signIn(uniqueEmail("creator"), "Cleo Creator");
    const results = [];
    for (let i = 0; i < COMMUNITIES_PER_PERSON.max + 2; i++) {
      results.push(await creator.graphql(CREATE, { input: input({ slug: uniqueSlug(`burst-${i}`) }) }));
    }
    const created = results.filter((result) => result.data?.createCommunity);
    expect(created).toHaveLength(COMMUNITIES_PER_PERSON.max);
    const refused = results.slice(COMMUNITIES_PER_PERSON.max);
    for (const result of refused) {
      expect(result.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
      expect(result.errors?.[0]?.message).toMatch(/Try again in \d+ minutes?/);
    }
    const mine = await creator.graphql<{ myCommunities: unknown[] }>("{ myCommunities { id } }");
    expect(mine.data?.myCommunities).toHaveLength(COMMUNITIES_PER_PERSON.max);
    // Someone else is not affected.
    expect((await owner.graphql(CREATE, { input: input() })).errors).toBeUndefined();
  });

  it("checks slug availability as you type", async () => {
    const taken = uniqueSlug("taken");
    await owner.graphql(CREATE, { input: input({ slug: taken }) });
    const q = "query ($slug: String!) { slugAvailability(slug: $slug) { slug available reason } }";
    expect((await owner.graphql(q, { slug: taken })).data).toEqual({
      slugAvailability: { slug: taken, available: false, reason: "TAKEN" },
    });
    const free = uniqueSlug("free");
    expect((await owner.graphql(q, { slug: free })).data).toEqual({
      slugAvailability: { slug: free, available: true, reason: null },
    });
    expect((await owner.graphql(q, { slug: "login" })).data).toEqual({
      slugAvailability: { slug: "login", available: false, reason: "RESERVED" },
    });
    expect((await owner.graphql(q, { slug: "a" })).data).toEqual({
      slugAvailability: { slug: "a", available: false, reason: "INVALID" },
    });
  });

  it("shows a community to its members, and the same not-found to strangers whether it exists or not", async () => {
    const created = await owner.graphql<{ createCommunity: { id: string } }>(CREATE, { input: input() });
    const id = created.data?.createCommunity.id as string;
    const q = "query ($id: ID!) { community(id: $id) { id name viewerRole } }";
    expect((await owner.graphql(q, { id })).data).toEqual({
      community: { id, name: "Lyon Open Source", viewerRole: "OWNER" },
    });
    const stranger = t.browser();
    await stranger.signIn(uniqueEmail("stranger"), "Sam Stranger");
    const existing = await stranger.graphql(q, { id });
    const missing = await stranger.graphql(q, { id: "00000000-0000-4000-8000-000000000000" });
    expect(existing.data).toBeNull();
    expect(existing.errors?.[0]).toEqual(missing.errors?.[0]);
    expect(existing.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
