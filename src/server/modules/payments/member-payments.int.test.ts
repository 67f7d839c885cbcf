// One member's payments in a community, as the member drawer reads them: the payments table with
// a payer filter, and their totals per currency. Admins and owners only.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createCommunity,
  createEvent,
  quickSignIn,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { parseCsv } from "#server/test/parse-csv.ts";
import {
  type PaymentResult,
  recordPaymentAs,
  refundPaymentAs,
  staffedCommunity,
} from "./ledger-test-support.ts";

let t: TestServer;
let admin: TestBrowser;
let organizer: TestBrowser;
let mia: { browser: TestBrowser; id: string };
let communityId: string;
let elsewhere: string;

const LIST = `query ($c: ID!, $filter: PaymentFilter, $first: Int, $after: String) {
  payments(communityId: $c, filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { endCursor hasNextPage }
    nodes { id amountMinor currency status purpose payer { userId } event { title } } } }`;
type Page = {
  totalCount: number;
  totalCountCapped: boolean;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  nodes: { id: string; amountMinor: number; currency: string; status: string; payer: { userId: string } }[];
};
const TOTALS = `query ($c: ID!, $payer: ID!) {
  payerPaymentTotals(communityId: $c, payerUserId: $payer) { currency grossMinor refundsMinor netMinor payments } }`;

const listFor = (browser: TestBrowser, variables: Record<string, unknown>) =>
  browser.graphql<{ payments: Page }>(LIST, { c: communityId, ...variables });

async function paid(browser: TestBrowser, community: string, input: Record<string, unknown>) {
  const result = await recordPaymentAs(browser, community, input);
  expect(result.errors).toBeUndefined();
  t.clock.advance(60_000);
  return result.data?.recordPayment as PaymentResult;
}

beforeAll(async () => {
  t = await startTestServer();
  const staff = await staffedCommunity(t, "Harbour club");
  const owner = staff.owner;
  ({ communityId, admin, organizer, member: mia } = staff);
  const eventId = (await createEvent(owner.browser, communityId, { title: "Harbour tour" })).id;
  elsewhere = await createCommunity(owner.browser, "Other club");
  await addMember(t, elsewhere, mia.id, "member");

  await paid(admin, communityId, { purpose: "TICKET", amountMinor: 2_500, payerUserId: mia.id, eventId });
  const dues = await paid(admin, communityId, {
    purpose: "MEMBERSHIP",
    amountMinor: 5_000,
    payerUserId: mia.id,
  });
  await paid(admin, communityId, { purpose: "OTHER", amountMinor: 900, payerName: "Walk-in" });
  await paid(admin, communityId, { amountMinor: 3_000, currency: "JPY", payerUserId: mia.id });
  await paid(owner.browser, elsewhere, { amountMinor: 7_700, payerUserId: mia.id });
  expect((await refundPaymentAs(admin, dues.id, 1_000)).errors).toBeUndefined();
});
afterAll(() => t.close());

describe("a member's payments", () => {
  it("lists only that member's payments in this community, newest first, page by page, exactly counted", async () => {
    const all = await listFor(admin, { filter: { payerUserId: mia.id } });
    expect(all.errors).toBeUndefined();
    expect(all.data?.payments).toMatchObject({ totalCount: 3, totalCountCapped: false });
    expect(all.data?.payments.nodes.map((n) => [n.amountMinor, n.currency, n.status])).toEqual([
      [3_000, "JPY", "SUCCEEDED"],
      [5_000, "EUR", "PARTIALLY_REFUNDED"],
      [2_500, "EUR", "SUCCEEDED"],
    ]);
    expect(all.data?.payments.nodes.every((n) => n.payer.userId === mia.id)).toBe(true);

    const first = await listFor(admin, { filter: { payerUserId: mia.id }, first: 2 });
    expect(first.data?.payments.pageInfo.hasNextPage).toBe(true);
    const rest = await listFor(admin, {
      filter: { payerUserId: mia.id },
      first: 2,
      after: first.data?.payments.pageInfo.endCursor,
    });
    expect(rest.data?.payments).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: false } });
    expect(rest.data?.payments.nodes.map((n) => n.amountMinor)).toEqual([2_500]);

    const refunded = await listFor(admin, {
      filter: { payerUserId: mia.id, statuses: ["PARTIALLY_REFUNDED"] },
    });
    expect(refunded.data?.payments.nodes.map((n) => n.amountMinor)).toEqual([5_000]);
    const nobody = await listFor(admin, { filter: { payerUserId: "no-such-user" } });
    expect(nobody.data?.payments).toMatchObject({ totalCount: 0, nodes: [] });
  });

  it("sums what the member paid per currency, less refunds, in this community only", async () => {
    const totals = await admin.graphql<{
      payerPaymentTotals: { currency: string; grossMinor: number; refundsMinor: number; payments: number }[];
    }>(TOTALS, { c: communityId, payer: mia.id });
    expect(totals.errors).toBeUndefined();
    expect(totals.data?.payerPaymentTotals).toEqual([
      { currency: "EUR", grossMinor: 7_500, refundsMinor: 1_000, netMinor: 6_500, payments: 2 },
      { currency: "JPY", grossMinor: 3_000, refundsMinor: 0, netMinor: 3_000, payments: 1 },
    ]);
  });

  it("exports just that member's payments to CSV", async () => {
    const response = await admin.fetch(`/api/communities/${communityId}/payments.csv?payerUserId=${mia.id}`);
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(header?.slice(5, 7)).toEqual(["Currency", "Amount"]);
    expect(rows.map((r) => r.slice(5, 7))).toEqual([
      ["JPY", "3000"],
      ["EUR", "50.00"],
      ["EUR", "25.00"],
    ]);
  });

  it("refuses organizers and the member themselves", async () => {
    for (const browser of [organizer, mia.browser]) {
      const list = await listFor(browser, { filter: { payerUserId: mia.id } });
      expect(list.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const totals = await browser.graphql(TOTALS, { c: communityId, payer: mia.id });
      expect(totals.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  it("still pages a payer with more than a thousand payments, counting up to the cap", async () => {
    const busy = await quickSignIn(t, "Busy Bea");
    await addMember(t, communityId, busy.id, "member");
    await t.server.database.db.execute(sql`
      insert into payment (id, community_id, payer_user_id, payer_name, purpose, amount_minor, currency, status,
        method, created_at, succeeded_at)
      select gen_random_uuid()::text, ${communityId}, ${busy.id}, 'Busy Bea', 'other', n, 'EUR', 'succeeded',
        'cash', now() - n * interval '1 minute', now() - n * interval '1 minute'
      from generate_series(1, 1005) as n`);
    t.clock.advance(1_000);
    const page = await listFor(admin, { filter: { payerUserId: busy.id }, first: 3 });
    expect(page.data?.payments).toMatchObject({ totalCount: 1_000, totalCountCapped: true });
    expect(page.data?.payments.nodes.map((n) => n.amountMinor)).toEqual([1, 2, 3]);
  });
});
