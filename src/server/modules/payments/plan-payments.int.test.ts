// The payments table filtered by membership plan: each paid invoice remembers the plan it paid for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plan } from "#server/modules/membership/plans-test-support.ts";
import { parseCsv } from "#server/test/parse-csv.ts";
import { recordPaymentAs } from "./ledger-test-support.ts";
import { clubWithPlan, paidMember } from "./member-subscriptions-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld;
beforeAll(async () => {
  world = await startPaymentsServer();
});
afterAll(() => world.close());

const LIST = `query ($c: ID!, $filter: PaymentFilter) {
  payments(communityId: $c, filter: $filter) { totalCount nodes { purpose amountMinor payer { name } } } }`;
type Listed = {
  totalCount: number;
  nodes: { purpose: string; amountMinor: number; payer: { name: string } }[];
};

describe("payments by plan", () => {
  it("finds a plan's membership payments, and neither another plan's nor a ticket's, in the table and its CSV", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 500 });
    const patron = await plan(club.owner, club.communityId, {
      name: "Patron",
      interval: "YEAR",
      priceMinor: 9_000,
    });
    await paidMember(world, club.plan.id, "Ada Guest");
    await paidMember(world, patron.id, "Bo Guest");
    const ticket = await recordPaymentAs(club.owner, club.communityId, {
      purpose: "TICKET",
      amountMinor: 2_500,
      payerName: "Cy Guest",
    });
    expect(ticket.errors).toBeUndefined();

    const list = async (filter: Record<string, unknown> | null) => {
      const answer = await club.owner.graphql<{ payments: Listed }>(LIST, { c: club.communityId, filter });
      expect(answer.errors).toBeUndefined();
      return answer.data?.payments as Listed;
    };
    expect((await list(null)).totalCount).toBe(3);
    expect(await list({ planId: club.plan.id })).toEqual({
      totalCount: 1,
      nodes: [{ purpose: "MEMBERSHIP", amountMinor: 500, payer: { name: "Ada Guest" } }],
    });
    expect((await list({ planId: patron.id })).nodes.map((node) => node.payer.name)).toEqual(["Bo Guest"]);

    const csv = await club.owner.fetch(
      `/api/communities/${club.communityId}/payments.csv?planId=${club.plan.id}`,
    );
    expect(csv.status).toBe(200);
    const [, ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(rows.map((row) => row.slice(5, 7))).toEqual([["EUR", "5.00"]]);
  });
});
