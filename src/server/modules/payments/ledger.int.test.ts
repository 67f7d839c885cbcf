// The ledger's writes called directly on a database of their own: statuses from refunds, the
// refund limit under a race, the totals the triggers keep, and the log entries beside each write.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import type { TestDatabase } from "#server/test/harness.ts";
import { addRefund, insertPayment, type NewPayment, refundedOf, settlePayment } from "./ledger.service.ts";
import {
  dailyTotalsBesideHours,
  hourlyTotals,
  ledgerDatabase,
  paymentEntries,
} from "./ledger-test-support.ts";

const opened: { database: Database; testDatabase: TestDatabase }[] = [];
afterEach(async () => {
  for (const { database, testDatabase } of opened.splice(0)) {
    await database.close();
    await testDatabase.dispose();
  }
});

const emit = createEmit({ clock: () => new Date() });
const AT = new Date("2031-03-04T10:15:00Z");

async function setUp() {
  const ledger = await ledgerDatabase();
  opened.push(ledger);
  const { db, communityId, userId } = ledger;
  const pay = (overrides: Partial<NewPayment> = {}) =>
    db.transaction(async (tx) =>
      insertPayment(tx, emit, {
        communityId,
        payer: { userId, name: "Ada Guest", email: "ada@example.test" },
        purpose: "ticket",
        eventId: null,
        registrationId: null,
        amountMinor: 10_000,
        currency: "EUR",
        method: "cash",
        status: "succeeded",
        createdBy: userId,
        at: AT,
        ...overrides,
      }),
    );
  const refund = (paymentId: string, amountMinor: number, at = AT, on: Emit = emit) =>
    ledger.db.transaction((tx) =>
      addRefund(tx, on, {
        paymentId,
        amountMinor,
        reason: "Could not come",
        method: "cash",
        createdBy: userId,
        at,
      }),
    );
  return { ...ledger, pay, refund };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "none";
  } catch (error) {
    return error instanceof DomainError ? `${error.code}:${error.fields[0]?.code ?? ""}` : String(error);
  }
};

describe("the ledger", () => {
  it("moves a payment from succeeded to partially refunded to refunded, and no further", async () => {
    const { db, communityId, userId, pay, refund } = await setUp();
    const { payment } = await pay();
    expect(payment.status).toBe("succeeded");
    expect(payment.succeededAt?.toISOString()).toBe(AT.toISOString());

    const part = await refund(payment.id, 2_500);
    expect(part.payment.status).toBe("partially_refunded");
    expect(await codeOf(refund(payment.id, 7_501))).toBe("BAD_USER_INPUT:MORE_THAN_LEFT");
    const rest = await refund(payment.id, 7_500);
    expect(rest.payment.status).toBe("refunded");
    expect(await refundedOf(db, payment.id)).toBe(10_000);
    expect(await codeOf(refund(payment.id, 1))).toBe("CONFLICT:");
    await pay({ status: "failed" });
    const counts = await db.execute(sql`
      select status, payments from payment_count where community_id = ${communityId} and payments <> 0 order by status`);
    expect((counts as unknown as { rows: unknown[] }).rows).toEqual([
      { status: "failed", payments: 1 },
      { status: "refunded", payments: 1 },
    ]);

    const entries = await paymentEntries(db, communityId);
    expect(
      entries.map((e) => [e.type, e.subjectId, e.payload.status ?? null, e.payload.refundedMinor ?? null]),
    ).toEqual([
      ["payment.succeeded", userId, null, null],
      ["payment.refunded", userId, "partially_refunded", 2_500],
      ["payment.refunded", userId, "refunded", 10_000],
      ["payment.failed", userId, null, null],
    ]);
  });

  it("refuses amounts that are not whole minor units above zero, and unknown currencies", async () => {
    const { pay, refund } = await setUp();
    expect(await codeOf(pay({ amountMinor: 0 }))).toBe("BAD_USER_INPUT:OUT_OF_RANGE");
    expect(await codeOf(pay({ amountMinor: 12.5 }))).toBe("BAD_USER_INPUT:OUT_OF_RANGE");
    expect(await codeOf(pay({ currency: "XYZ" }))).toBe("BAD_USER_INPUT:INVALID_CURRENCY");
    expect(await codeOf(pay({ feeMinor: 10_001 }))).toBe("BAD_USER_INPUT:OUT_OF_RANGE");
    const { payment } = await pay();
    expect(await codeOf(refund(payment.id, -5))).toBe("BAD_USER_INPUT:OUT_OF_RANGE");
    expect(payment.status).toBe("succeeded");
  });

  it("keeps zero- and three-decimal currencies apart in the hourly totals", async () => {
    const { db, communityId, pay, refund } = await setUp();
    // ¥1,500 and 12.345 KWD: minor units are yen and fils; neither is ever scaled.
    const yen = await pay({ amountMinor: 1_500, currency: "jpy" });
    expect(yen.payment.currency).toBe("JPY");
    const dinar = await pay({ amountMinor: 12_345, currency: "KWD", feeMinor: 345 });
    await refund(dinar.payment.id, 2_000, new Date("2031-03-05T08:59:59Z"));
    await refund(yen.payment.id, 500, new Date("2031-03-05T09:00:00Z"));
    expect(await hourlyTotals(db, communityId)).toEqual([
      { hour: "2031-03-04T10", currency: "JPY", gross: 1_500, fee: 0, refunded: 0, payments: 1, refunds: 0 },
      {
        hour: "2031-03-04T10",
        currency: "KWD",
        gross: 12_345,
        fee: 345,
        refunded: 0,
        payments: 1,
        refunds: 0,
      },
      { hour: "2031-03-05T08", currency: "KWD", gross: 0, fee: 0, refunded: 2_000, payments: 0, refunds: 1 },
      { hour: "2031-03-05T09", currency: "JPY", gross: 0, fee: 0, refunded: 500, payments: 0, refunds: 1 },
    ]);
    const { daily, fromHours } = await dailyTotalsBesideHours(db, communityId);
    expect(daily).toHaveLength(4);
    expect(daily).toEqual(fromHours);
  });

  it("counts a provider's payment once however often it is written, and only once it succeeds", async () => {
    const { db, communityId, pay } = await setUp();
    const first = await pay({ method: "stripe", providerRef: "pi_123", status: "pending", feeMinor: 0 });
    const again = await pay({ method: "stripe", providerRef: "pi_123", status: "pending" });
    expect(again.created).toBe(false);
    expect(again.payment.id).toBe(first.payment.id);
    expect(await hourlyTotals(db, communityId)).toEqual([]);

    const later = new Date("2031-03-04T11:02:00Z");
    const settled = await db.transaction((tx) =>
      settlePayment(tx, emit, first.payment.id, { status: "succeeded", at: later, feeMinor: 320 }),
    );
    expect(settled.status).toBe("succeeded");
    // A second delivery of the same outcome changes nothing.
    await db.transaction((tx) => settlePayment(tx, emit, first.payment.id, { status: "failed", at: later }));
    expect(await hourlyTotals(db, communityId)).toEqual([
      {
        hour: "2031-03-04T11",
        currency: "EUR",
        gross: 10_000,
        fee: 320,
        refunded: 0,
        payments: 1,
        refunds: 0,
      },
    ]);
    const failed = await pay({ method: "stripe", providerRef: "pi_456", status: "pending" });
    await db.transaction((tx) => settlePayment(tx, emit, failed.payment.id, { status: "failed", at: later }));
    expect((await paymentEntries(db, communityId)).map((e) => e.type)).toEqual([
      "payment.succeeded",
      "payment.failed",
    ]);
  });

  it("never refunds more than was paid when two refunds race for the same payment", async () => {
    const { database, db, pay, refund } = await setUp();
    const { payment } = await pay();
    // The first refund stops inside its transaction, after its checks and writes, until released.
    let inside!: () => void;
    const reachedInside = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Emit = async (tx, event) => {
      await emit(tx, event);
      inside();
      await released;
    };
    const first = codeOf(refund(payment.id, 6_000, AT, held));
    await reachedInside;
    const second = codeOf(refund(payment.id, 6_000));
    if (database.kind === "postgres") {
      // The second refund has its own connection: let it reach the payment's row before the first commits.
      const waiting = async () => {
        const result = await database.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      };
      for (let i = 0; i < 500 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await waiting()).toBe(1);
    }
    release();
    expect([await first, await second]).toEqual(["none", "BAD_USER_INPUT:MORE_THAN_LEFT"]);
    expect(await refundedOf(db, payment.id)).toBe(6_000);
  });
});
