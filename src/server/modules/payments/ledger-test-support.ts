import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Db } from "#server/db/client.ts";
import { community, user } from "#server/db/schema.ts";
import { addMember, createCommunity, quickSignIn } from "#server/modules/events/events-test-support.ts";
import {
  createTestDatabase,
  type TestBrowser,
  type TestDatabase,
  type TestServer,
} from "#server/test/harness.ts";

/** A migrated database of the test's own with one community and one person in it. */
export async function ledgerDatabase(): Promise<{
  database: Database;
  testDatabase: TestDatabase;
  db: Db;
  communityId: string;
  userId: string;
}> {
  const testDatabase = await createTestDatabase();
  const database = await testDatabase.open();
  const db = database.db;
  const communityId = randomUUID();
  const userId = randomUUID();
  await db.insert(user).values({ id: userId, name: "Ada Guest", email: `${userId}@example.test` });
  await db.insert(community).values({
    id: communityId,
    slug: `ledger-${communityId.slice(0, 8)}`,
    name: "Ledger club",
    timeZone: "Europe/Berlin",
    currency: "EUR",
    visibility: "public",
    joinPolicy: "open",
  });
  return { database, testDatabase, db, communityId, userId };
}

export type HourTotals = {
  hour: string;
  currency: string;
  gross: number;
  fee: number;
  refunded: number;
  payments: number;
  refunds: number;
};

/** The trigger-kept totals rows of a community, by hour then currency. */
export async function hourlyTotals(db: Db, communityId: string): Promise<HourTotals[]> {
  const result = await db.execute(sql`
    select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') as hour, currency,
      gross_minor as gross, fee_minor as fee, refunded_minor as refunded, payments, refunds
    from payment_hourly_totals where community_id = ${communityId} order by hour, currency`);
  return (result as unknown as { rows: Record<string, string | number>[] }).rows.map((r) => ({
    hour: String(r.hour),
    currency: String(r.currency),
    gross: Number(r.gross),
    fee: Number(r.fee),
    refunded: Number(r.refunded),
    payments: Number(r.payments),
    refunds: Number(r.refunds),
  }));
}

/**
 * The trigger-kept daily totals beside the hourly ones summed per UTC day: the two must agree.
 */
export async function dailyTotalsBesideHours(db: Db, communityId: string) {
  const read = async (statement: ReturnType<typeof sql>) =>
    (await db.execute(statement)) as unknown as { rows: Record<string, string | number>[] };
  const daily = await read(sql`
    select to_char(day at time zone 'UTC', 'YYYY-MM-DD') as day, currency,
      gross_minor::text as gross, fee_minor::text as fee, refunded_minor::text as refunded, payments, refunds
    from payment_daily_totals where community_id = ${communityId} order by 1, 2`);
  const fromHours = await read(sql`
    select to_char(date_trunc('day', hour, 'UTC') at time zone 'UTC', 'YYYY-MM-DD') as day, currency,
      sum(gross_minor)::text as gross, sum(fee_minor)::text as fee, sum(refunded_minor)::text as refunded,
      sum(payments)::int as payments, sum(refunds)::int as refunds
    from payment_hourly_totals where community_id = ${communityId} group by 1, 2 order by 1, 2`);
  const plain = (rows: Record<string, string | number>[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
  return { daily: plain(daily.rows), fromHours: plain(fromHours.rows) };
}

/** The community's payment entries in the domain-event log, oldest first. */
export async function paymentEntries(
  db: Db,
  communityId: string,
): Promise<{ type: string; subjectId: string | null; payload: Record<string, unknown> }[]> {
  const result = await db.execute(sql`
    select type, subject_id, payload from domain_event
    where community_id = ${communityId} and type like 'payment.%' order by tx_id, position`);
  return (
    result as unknown as {
      rows: { type: string; subject_id: string | null; payload: Record<string, unknown> }[];
    }
  ).rows.map((r) => ({ type: r.type, subjectId: r.subject_id, payload: r.payload }));
}

export const PAYMENT_FIELDS = `id purpose amountMinor feeMinor refundedMinor netMinor currency status method note
  createdAt succeededAt registrationId payer { userId name email } event { id title }`;

export type PaymentResult = {
  id: string;
  purpose: string;
  amountMinor: number;
  feeMinor: number;
  refundedMinor: number;
  netMinor: number;
  currency: string;
  status: string;
  method: string;
  note: string;
  createdAt: string;
  succeededAt: string | null;
  registrationId: string | null;
  payer: { userId: string | null; name: string; email: string | null };
  event: { id: string; title: string } | null;
};

/** `recordPayment` as the browser calls it, cash in euros for "Ada Guest" unless told otherwise. */
export function recordPaymentAs(
  browser: TestBrowser,
  communityId: string,
  input: Record<string, unknown> = {},
) {
  return browser.graphql<{ recordPayment: PaymentResult }>(
    `mutation ($communityId: ID!, $input: RecordPaymentInput!) {
      recordPayment(communityId: $communityId, input: $input) { ${PAYMENT_FIELDS} } }`,
    {
      communityId,
      input: {
        purpose: "OTHER",
        amountMinor: 1_000,
        currency: "EUR",
        method: "CASH",
        payerName: "Ada Guest",
        ...input,
      },
    },
  );
}

export function refundPaymentAs(
  browser: TestBrowser,
  id: string,
  amountMinor: number,
  reason = "Could not come",
  cancelRegistration?: boolean,
) {
  return browser.graphql<{ refundPayment: PaymentResult }>(
    `mutation ($id: ID!, $amountMinor: MinorUnits!, $reason: String!, $cancel: Boolean) {
      refundPayment(id: $id, amountMinor: $amountMinor, reason: $reason, cancelRegistration: $cancel) {
        ${PAYMENT_FIELDS} } }`,
    { id, amountMinor, reason, cancel: cancelRegistration ?? null },
  );
}

/** A community with its owner, an admin, an organizer and a member, each signed in. */
export async function staffedCommunity(t: TestServer, name: string) {
  const owner = await quickSignIn(t, "Owner Olsen");
  const communityId = await createCommunity(owner.browser, name);
  const admin = await quickSignIn(t, "Admin Abe");
  await addMember(t, communityId, admin.id, "admin");
  const organizer = await quickSignIn(t, "Organizer Ola");
  await addMember(t, communityId, organizer.id, "organizer");
  const member = await quickSignIn(t, "Member Mia");
  await addMember(t, communityId, member.id, "member");
  return { communityId, owner, admin: admin.browser, organizer: organizer.browser, member };
}
