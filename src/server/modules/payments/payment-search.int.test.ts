// The payer search at its boundary: exactly 1,000 matches are counted, the 1,001st makes it
// "1,000+", and the rows and their order do not depend on which way the search was read.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccountByMail } from "#server/modules/account/account-deletion-test-support.ts";
import { createCommunity, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
let admin: TestBrowser;

const LIST = `query ($c: ID!, $first: Int, $after: String, $search: String, $filter: PaymentFilter) {
  payments(communityId: $c, first: $first, after: $after, search: $search, filter: $filter) {
    totalCount totalCountCapped pageInfo { endCursor hasNextPage } nodes { id payer { name } } } }`;
type Page = {
  totalCount: number;
  totalCountCapped: boolean;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  nodes: { id: string; payer: { name: string } }[];
};

async function list(communityId: string, variables: Record<string, unknown>): Promise<Page> {
  const result = await admin.graphql<{ payments: Page }>(LIST, { c: communityId, ...variables });
  expect(result.errors).toBeUndefined();
  return result.data?.payments as Page;
}

const names = (page: Page) => page.nodes.map((n) => n.payer.name);

beforeAll(async () => {
  t = await startTestServer();
  admin = (await quickSignIn(t, "Admin Abe")).browser;
});
afterAll(() => t.close());

describe("the payer search", () => {
  it("counts exactly 1,000 matching payments, says 1,000+ from the 1,001st, and pages the same rows either way", async () => {
    const club = await createCommunity(admin, "Quill club");
    // A hundred payers paying ten times each, one a minute, among payers the search does not match.
    await t.server.database.db.execute(sql`
      insert into payment (id, community_id, payer_name, payer_email, purpose, amount_minor, currency, status, method,
        created_at, succeeded_at)
      select gen_random_uuid()::text, ${club}, 'Quill Payer ' || (n % 100), 'quill' || (n % 100) || '@example.test',
        'ticket', 500, 'EUR', 'succeeded', 'cash', now() - n * interval '1 minute', now() - n * interval '1 minute'
      from generate_series(1, 1000) as n
      union all
      select gen_random_uuid()::text, ${club}, 'Other Person ' || n, null, 'ticket', 500, 'EUR', 'succeeded', 'cash',
        now() - n * interval '1 minute' - interval '30 seconds', null
      from generate_series(1, 300) as n`);

    const exactly = await list(club, { search: "QUILL", first: 3 });
    expect(exactly).toMatchObject({
      totalCount: 1_000,
      totalCountCapped: false,
      pageInfo: { hasNextPage: true },
    });
    expect(names(exactly)).toEqual(["Quill Payer 1", "Quill Payer 2", "Quill Payer 3"]);
    const seen = new Set<string>();
    let after: string | null = null;
    for (let page = 0; page < 6; page++) {
      const next = await list(club, { search: "quill", first: 200, after });
      for (const node of next.nodes) seen.add(node.id);
      if (!next.pageInfo.hasNextPage) break;
      after = next.pageInfo.endCursor;
    }
    expect(seen.size).toBe(1_000);

    // One more, the newest, and failed: the search alone now matches more than it counts.
    await t.server.database.db.execute(sql`
      insert into payment (id, community_id, payer_name, payer_email, purpose, amount_minor, currency, status, method, created_at)
      values (gen_random_uuid()::text, ${club}, 'Quill Payer 7', 'quill7@example.test', 'ticket', 500, 'EUR', 'failed',
        'cash', now())`);
    const more = await list(club, { search: "quill", first: 3 });
    expect(more).toMatchObject({
      totalCount: 1_000,
      totalCountCapped: true,
      pageInfo: { hasNextPage: true },
    });
    expect(names(more)).toEqual(["Quill Payer 7", "Quill Payer 1", "Quill Payer 2"]);
    const next = await list(club, { search: "quill", first: 2, after: more.pageInfo.endCursor });
    expect(names(next)).toEqual(["Quill Payer 3", "Quill Payer 4"]);
    // A filter brings it back under the cap: counted exactly again.
    const succeeded = await list(club, { search: "quill", filter: { statuses: ["SUCCEEDED"] }, first: 2 });
    expect(succeeded).toMatchObject({ totalCount: 1_000, totalCountCapped: false });
    expect(names(succeeded)).toEqual(["Quill Payer 1", "Quill Payer 2"]);
    const failed = await list(club, { search: "quill", filter: { statuses: ["FAILED"] } });
    expect(failed).toMatchObject({ totalCount: 1, totalCountCapped: false });
    expect(names(failed)).toEqual(["Quill Payer 7"]);
    // A rare match among them is found and counted as before.
    const one = await list(club, { search: "quill42@" });
    expect(one).toMatchObject({ totalCount: 10, totalCountCapped: false });
  });

  it("no longer finds a payer by name once their account is deleted, however often they paid", async () => {
    const club = await createCommunity(admin, "Feather club");
    const zed = await quickSignIn(t, "Zed Quillfeather");
    const found = (await t.server.database.db.execute(
      sql`select email from "user" where id = ${zed.id}`,
    )) as unknown as { rows: { email: string }[] };
    const email = found.rows[0]?.email as string;
    await t.server.database.db.execute(sql`
      insert into payment (id, community_id, payer_user_id, payer_name, payer_email, purpose, amount_minor, currency,
        status, method, created_at, succeeded_at)
      select gen_random_uuid()::text, ${club}, ${zed.id}, 'Zed Quillfeather', ${email}, 'membership', 1200, 'EUR',
        'succeeded', 'cash', now() - n * interval '1 hour', now() - n * interval '1 hour'
      from generate_series(1, 1001) as n
      union all
      select gen_random_uuid()::text, ${club}, null, 'Mo Quillfeather', null, 'ticket', 800, 'EUR', 'succeeded', 'cash',
        now() - n * interval '1 day', now() - n * interval '1 day'
      from generate_series(1, 3) as n`);
    expect(await list(club, { search: "quillfeather", first: 1 })).toMatchObject({
      totalCount: 1_000,
      totalCountCapped: true,
    });

    await deleteAccountByMail(t, zed.browser, email);

    const left = await list(club, { search: "quillfeather" });
    expect(left).toMatchObject({ totalCount: 3, totalCountCapped: false });
    expect(names(left)).toEqual(["Mo Quillfeather", "Mo Quillfeather", "Mo Quillfeather"]);
    expect(await list(club, { search: "deleted account", first: 1 })).toMatchObject({
      totalCount: 1_000,
      totalCountCapped: true,
      nodes: [{ payer: { name: "Deleted account" } }],
    });
  });
});
