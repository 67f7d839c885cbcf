import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  addMember,
  createCommunity,
  createEvent,
  quickSignIn,
} from "#server/modules/events/events-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";

export type Seed = {
  name: string;
  email: string | null;
  purpose: "ticket" | "membership" | "other";
  status: "succeeded" | "refunded" | "partially_refunded" | "failed" | "pending";
  currency: string;
  amount: number;
  fee?: number;
  at: string;
  event?: boolean;
  /** Refunds of the payment: amount and when. */
  refunds?: [number, string][];
};

// Times chosen around hour boundaries: the totals read whole hours from the rollup and the rest from rows.
export const SEEDS: Seed[] = [
  {
    name: "Ada Guest",
    email: "ada.guest@example.test",
    purpose: "ticket",
    status: "succeeded",
    currency: "EUR",
    amount: 2_000,
    fee: 88,
    at: "2031-05-01T10:10:00Z",
    event: true,
  },
  {
    name: "Grace Hopper",
    email: "grace@example.test",
    purpose: "membership",
    status: "partially_refunded",
    currency: "EUR",
    amount: 5_000,
    at: "2031-05-01T10:40:00Z",
    refunds: [[1_000, "2031-05-02T09:30:00Z"]],
  },
  {
    name: "Ada Guest",
    email: "ada.guest@example.test",
    purpose: "other",
    status: "refunded",
    currency: "JPY",
    amount: 3_000,
    at: "2031-05-01T11:20:00Z",
    refunds: [[3_000, "2031-05-01T12:55:00Z"]],
  },
  {
    name: "Alan Turing",
    email: null,
    purpose: "ticket",
    status: "failed",
    currency: "EUR",
    amount: 1_500,
    at: "2031-05-01T12:50:00Z",
    event: true,
  },
  {
    name: "Katherine Johnson",
    email: "kj@example.test",
    purpose: "membership",
    status: "succeeded",
    currency: "KWD",
    amount: 12_345,
    fee: 345,
    at: "2031-05-01T12:59:59.999Z",
  },
  {
    name: "Edsger Dijkstra",
    email: "ed@example.test",
    purpose: "ticket",
    status: "succeeded",
    currency: "EUR",
    amount: 4_200,
    at: "2031-05-01T13:05:00Z",
    event: true,
  },
  {
    name: "Barbara Liskov",
    email: "bl@example.test",
    purpose: "other",
    status: "pending",
    currency: "EUR",
    amount: 900,
    at: "2031-05-03T08:00:00Z",
  },
];

/** A community with an admin, an event and the SEEDS written straight into the ledger (the triggers keep the totals). */
export async function seedLedger(
  t: TestServer,
): Promise<{ admin: TestBrowser; communityId: string; eventId: string }> {
  const owner = await quickSignIn(t, "Owner Olsen");
  const communityId = await createCommunity(owner.browser, "Ledger club");
  const adminPerson = await quickSignIn(t, "Admin Abe");
  await addMember(t, communityId, adminPerson.id, "admin");
  const eventId = (await createEvent(owner.browser, communityId, { title: "Harbour tour" })).id;
  const db = t.server.database.db;
  for (const seed of SEEDS) {
    const id = randomUUID();
    const taken = ["succeeded", "refunded", "partially_refunded"].includes(seed.status);
    await db.execute(sql`
      insert into payment (id, community_id, payer_name, payer_email, purpose, event_id, amount_minor, fee_minor,
        currency, status, method, created_at, succeeded_at)
      values (${id}, ${communityId}, ${seed.name}, ${seed.email}, ${seed.purpose}, ${seed.event ? eventId : null},
        ${seed.amount}, ${seed.fee ?? 0}, ${seed.currency}, ${seed.status}, 'cash', ${seed.at}::timestamptz,
        ${taken ? seed.at : null}::timestamptz)`);
    for (const [amount, at] of seed.refunds ?? [])
      await db.execute(sql`
        insert into payment_refund (id, payment_id, community_id, currency, amount_minor, reason, method, created_at)
        values (${randomUUID()}, ${id}, ${communityId}, ${seed.currency}, ${amount}, 'test', 'cash', ${at}::timestamptz)`);
  }
  return { admin: adminPerson.browser, communityId, eventId };
}
