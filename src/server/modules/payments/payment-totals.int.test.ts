// Period totals over GraphQL: gross, refunds, fees and net per currency, read from the hourly
// rollup and the rows of part hours, agreeing with the rows to the millisecond.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { seedLedger } from "./ledger-seeds-test-support.ts";

let t: TestServer;
let admin: TestBrowser;
let communityId: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ admin, communityId } = await seedLedger(t));
});
afterAll(() => t.close());

describe("period totals", () => {
  const TOTALS = `query ($c: ID!, $from: DateTime!, $to: DateTime!) {
    paymentTotals(communityId: $c, from: $from, to: $to) { currency grossMinor refundsMinor feesMinor netMinor payments refunds } }`;
  const totals = async (from: string, to: string) => {
    const result = await admin.graphql<{ paymentTotals: Record<string, unknown>[] }>(TOTALS, {
      c: communityId,
      from,
      to,
    });
    expect(result.errors).toBeUndefined();
    return result.data?.paymentTotals;
  };

  /** The same totals summed straight from the rows, to compare with. */
  async function fromRows(from: string, to: string) {
    const result = await t.server.database.db.execute(sql`
      select currency, sum(gross)::bigint as gross, sum(refunded)::bigint as refunded from (
        select currency, amount_minor as gross, 0 as refunded from payment
        where community_id = ${communityId} and status in ('succeeded', 'refunded', 'partially_refunded')
          and succeeded_at >= ${from}::timestamptz and succeeded_at < ${to}::timestamptz
        union all
        select currency, 0, amount_minor from payment_refund
        where community_id = ${communityId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
      ) as r group by currency order by currency`);
    return (result as unknown as { rows: { currency: string; gross: string; refunded: string }[] }).rows.map(
      (r) => ({
        currency: r.currency,
        grossMinor: Number(r.gross),
        refundsMinor: Number(r.refunded),
      }),
    );
  }

  it("adds up gross, refunds, fees and net per currency, each refund in the period it was made", async () => {
    expect(await totals("2031-05-01T00:00:00Z", "2031-06-01T00:00:00Z")).toEqual([
      {
        currency: "EUR",
        grossMinor: 11_200,
        refundsMinor: 1_000,
        feesMinor: 88,
        netMinor: 10_112,
        payments: 3,
        refunds: 1,
      },
      {
        currency: "JPY",
        grossMinor: 3_000,
        refundsMinor: 3_000,
        feesMinor: 0,
        netMinor: 0,
        payments: 1,
        refunds: 1,
      },
      {
        currency: "KWD",
        grossMinor: 12_345,
        refundsMinor: 0,
        feesMinor: 345,
        netMinor: 12_000,
        payments: 1,
        refunds: 0,
      },
    ]);
    // Grace's refund came the next day: a period ending before it shows her payment whole.
    expect((await totals("2031-05-01T00:00:00Z", "2031-05-02T00:00:00Z"))?.[0]).toMatchObject({
      currency: "EUR",
      refundsMinor: 0,
    });
  });

  it("agrees with the rows for periods starting and ending inside an hour", async () => {
    const periods: [string, string][] = [
      ["2031-05-01T10:30:00Z", "2031-05-01T13:00:00Z"],
      ["2031-05-01T10:45:00+05:45", "2031-05-01T12:59:59.999Z"],
      ["2031-05-01T10:15:00Z", "2031-05-01T10:45:00Z"],
      ["2031-05-01T11:00:00Z", "2031-05-01T13:05:00Z"],
      ["2031-05-01T12:55:00Z", "2031-05-02T09:30:00.001Z"],
      ["2031-04-30T23:00:00Z", "2031-05-01T10:10:00Z"],
      ["2031-04-30T10:30:00Z", "2031-05-03T00:30:00Z"],
      ["2031-05-01T00:00:00Z", "2031-05-02T12:00:00Z"],
      ["2031-04-01T00:00:00+02:00", "2031-06-01T00:00:00+02:00"],
    ];
    for (const [from, to] of periods) {
      const rows = await fromRows(new Date(from).toISOString(), new Date(to).toISOString());
      const read = (await totals(from, to))?.map((r) => ({
        currency: r.currency,
        grossMinor: r.grossMinor,
        refundsMinor: r.refundsMinor,
      }));
      expect({ from, to, read }).toEqual({ from, to, read: rows });
    }
  });

  it("refuses a period that ends before it starts or lasts more than ten years", async () => {
    const reversed = await admin.graphql(TOTALS, {
      c: communityId,
      from: "2031-05-02T00:00:00Z",
      to: "2031-05-01T00:00:00Z",
    });
    expect(reversed.errors?.[0]?.extensions?.fields).toEqual([expect.objectContaining({ field: "to" })]);
    const long = await admin.graphql(TOTALS, {
      c: communityId,
      from: "2001-01-01T00:00:00Z",
      to: "2031-01-01T00:00:00Z",
    });
    expect(long.errors?.[0]?.extensions?.fields).toEqual([expect.objectContaining({ field: "from" })]);
  });
});
