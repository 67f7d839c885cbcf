// The payments table over GraphQL: newest first in keyset pages, filters, payer search, and the
// capped count.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommunity } from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { SEEDS, seedLedger } from "./ledger-seeds-test-support.ts";

let t: TestServer;
let admin: TestBrowser;
let communityId: string;
let eventId: string;

const LIST = `query ($c: ID!, $first: Int, $after: String, $search: String, $filter: PaymentFilter) {
  payments(communityId: $c, first: $first, after: $after, search: $search, filter: $filter) {
    totalCount totalCountCapped pageInfo { endCursor hasNextPage }
    nodes { id status purpose currency amountMinor refundedMinor payer { name } event { title } createdAt } } }`;
type Page = {
  totalCount: number;
  totalCountCapped: boolean;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  nodes: {
    id: string;
    payer: { name: string };
    status: string;
    createdAt: string;
    event: { title: string } | null;
  }[];
};

async function list(variables: Record<string, unknown>, browser = admin) {
  return browser.graphql<{ payments: Page }>(LIST, { c: communityId, ...variables });
}

async function names(variables: Record<string, unknown>) {
  const result = await list(variables);
  expect(result.errors).toBeUndefined();
  return result.data?.payments.nodes.map((n) => n.payer.name);
}

beforeAll(async () => {
  t = await startTestServer();
  ({ admin, communityId, eventId } = await seedLedger(t));
});
afterAll(() => t.close());

describe("the payments table", () => {
  it("pages newest first without repeating or skipping a payment", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const result = await list({ first: 3, after });
      const page = result.data?.payments as Page;
      expect(page.totalCount).toBe(7);
      seen.push(...page.nodes.map((n) => n.payer.name));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([...SEEDS].reverse().map((s) => s.name));
    const bad = await list({ after: "not-a-cursor" });
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_CURSOR");
  });

  it("filters by status, purpose, event and date range, and counts what matches", async () => {
    expect(await names({ filter: { statuses: ["SUCCEEDED"] } })).toEqual([
      "Edsger Dijkstra",
      "Katherine Johnson",
      "Ada Guest",
    ]);
    expect(await names({ filter: { purposes: ["MEMBERSHIP"] } })).toEqual([
      "Katherine Johnson",
      "Grace Hopper",
    ]);
    expect(await names({ filter: { eventId } })).toEqual(["Edsger Dijkstra", "Alan Turing", "Ada Guest"]);
    expect(
      await names({
        filter: { createdAfter: "2031-05-01T10:40:00Z", createdBefore: "2031-05-01T12:50:00Z" },
      }),
    ).toEqual(["Ada Guest", "Grace Hopper"]);
    const both = await list({ filter: { eventId, statuses: ["FAILED"] } });
    expect(both.data?.payments.totalCount).toBe(1);
    expect(both.data?.payments.nodes[0]?.event).toEqual({ title: "Harbour tour" });
    const reversed = await list({
      filter: { createdAfter: "2031-05-02T00:00:00Z", createdBefore: "2031-05-01T00:00:00Z" },
    });
    expect(reversed.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "filter.createdBefore", code: "REVERSED_RANGE" }),
    ]);
  });

  it("finds payers by part of their name or address, any case, wildcards taken literally", async () => {
    expect(await names({ search: "ADA.gu" })).toEqual(["Ada Guest", "Ada Guest"]);
    expect(await names({ search: "hopp" })).toEqual(["Grace Hopper"]);
    // Too short for the trigram indexes: the community is walked instead, with the same answer.
    expect(await names({ search: "kj" })).toEqual(["Katherine Johnson"]);
    expect(await names({ search: "%" })).toEqual([]);
    const one = await list({ search: "ada.gu", first: 1 });
    expect(one.data?.payments).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    const two = await list({ search: "ada.gu", first: 1, after: one.data?.payments.pageInfo.endCursor });
    expect(two.data?.payments).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: false } });
    expect(two.data?.payments.nodes[0]?.id).not.toBe(one.data?.payments.nodes[0]?.id);
    const beyond = await list({ search: "ada.gu", first: 1, after: two.data?.payments.pageInfo.endCursor });
    expect(beyond.data?.payments).toMatchObject({ totalCount: 2, nodes: [] });
    const counted = await list({ search: "ada", filter: { statuses: ["REFUNDED"] } });
    expect(counted.data?.payments.totalCount).toBe(1);
  });

  it("counts every payment, or by status, exactly; other filters stop counting at 1,000 and say so", async () => {
    const other = await createCommunity(admin, "Busy club");
    await t.server.database.db.execute(sql`
      insert into payment (id, community_id, payer_name, purpose, amount_minor, currency, status, method, created_at, succeeded_at)
      select gen_random_uuid()::text, ${other}, 'Payer ' || n, 'ticket', 500, 'EUR',
        case when n % 5 = 0 then 'failed' else 'succeeded' end, 'cash',
        now() - n * interval '1 minute', now() - n * interval '1 minute'
      from generate_series(1, 1255) as n`);
    const all = await admin.graphql<{ payments: Page }>(LIST, { c: other, first: 2 });
    expect(all.data?.payments).toMatchObject({ totalCount: 1_255, totalCountCapped: false });
    const failed = await admin.graphql<{ payments: Page }>(LIST, {
      c: other,
      filter: { statuses: ["FAILED"] },
    });
    expect(failed.data?.payments).toMatchObject({ totalCount: 251, totalCountCapped: false });
    const tickets = await admin.graphql<{ payments: Page }>(LIST, {
      c: other,
      filter: { purposes: ["TICKET"] },
    });
    expect(tickets.data?.payments).toMatchObject({ totalCount: 1_000, totalCountCapped: true });
    const few = await admin.graphql<{ payments: Page }>(LIST, { c: other, search: "payer 100" });
    expect(few.data?.payments).toMatchObject({ totalCount: 11, totalCountCapped: false });
    // A search most payments match walks the community newest first; its total says "1,000+".
    const common = await admin.graphql<{ payments: Page }>(LIST, { c: other, search: "PAYER", first: 3 });
    expect(common.data?.payments).toMatchObject({ totalCount: 1_000, totalCountCapped: true });
    expect(common.data?.payments.nodes.map((n) => n.payer.name)).toEqual(["Payer 1", "Payer 2", "Payer 3"]);
    const next = await admin.graphql<{ payments: Page }>(LIST, {
      c: other,
      search: "PAYER",
      first: 2,
      after: common.data?.payments.pageInfo.endCursor,
    });
    expect(next.data?.payments.nodes.map((n) => n.payer.name)).toEqual(["Payer 4", "Payer 5"]);
    // With a filter, the same search matches few enough to count exactly.
    const failedPayers = await admin.graphql<{ payments: Page }>(LIST, {
      c: other,
      search: "payer",
      filter: { statuses: ["FAILED"] },
      first: 2,
    });
    expect(failedPayers.data?.payments).toMatchObject({ totalCount: 251, totalCountCapped: false });
    expect(failedPayers.data?.payments.nodes.map((n) => n.payer.name)).toEqual(["Payer 5", "Payer 10"]);
    // Too short for the search keys: the community is walked, and counted up to the cap.
    const short = await admin.graphql<{ payments: Page }>(LIST, { c: other, search: "r 12", first: 2 });
    expect(short.data?.payments).toMatchObject({ totalCount: 67, totalCountCapped: false });
    expect(short.data?.payments.nodes.map((n) => n.payer.name)).toEqual(["Payer 12", "Payer 120"]);
  });
});
