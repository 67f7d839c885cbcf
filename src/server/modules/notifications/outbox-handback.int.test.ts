// A shutting-down process hands back the mail it claimed but did not start (decision 039), and only
// the mail it still holds: were its lease to have run out and another process to have claimed a
// row again meanwhile, handing it back would count that process's attempt twice over and make the
// mail due at once, to be sent a second time beside the one under way.

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#server/db/client.ts";
import type { Mailer } from "#server/modules/mail/mail.service.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/harness.ts";
import { rowsOf, sendDue } from "./notifications.outbox.ts";

const LEASE_MS = 60_000;

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.open();
});
afterAll(async () => {
  await database.close();
  await testDatabase.dispose();
});

/** Nothing is sent here: the process is shutting down before its lanes start. */
const noMailer = {
  send: () => Promise.reject(new Error("no mail is sent while shutting down")),
} as unknown as Mailer;

describe("handing back claimed mail at shutdown", () => {
  it("leaves a row alone that another process claimed again after this one's lease ran out", async () => {
    const kind = "member_mail";
    const ids = [randomUUID(), randomUUID()];
    const start = new Date("2030-01-01T10:00:00Z");
    for (const id of ids) {
      await database.db.execute(sql`insert into outbox_message (id, kind, payload, send_after, created_at)
        values (${id}, ${kind}, '{}'::jsonb, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)`);
    }
    const reclaimedAt = new Date(start.getTime() + LEASE_MS + 1_000);
    // Between this process's claim and its hand-back, the other process claims the first row again,
    // as the claim does: its lease pushed out, its attempt counted.
    let statements = 0;
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return async (query: Parameters<Db["execute"]>[0]) => {
          statements++;
          if (statements === 2) {
            await target.execute(sql`update outbox_message
              set send_after = ${new Date(reclaimedAt.getTime() + LEASE_MS).toISOString()}::timestamptz,
                attempts = attempts + 1
              where id = ${ids[0]}`);
          }
          return target.execute(query);
        };
      },
    });
    const claimed = await sendDue({
      db,
      mailer: noMailer,
      appUrl: "http://commons.test",
      now: () => start,
      secret: "test-secret",
      leaseMs: LEASE_MS,
      retryBaseMs: 1_000,
      maxAttempts: 5,
      pageSize: 10,
      batchSize: 10,
      holdMs: 0,
      stopping: () => true,
      log: () => undefined,
    });
    expect(claimed).toBe(2);

    const rows = rowsOf<{ id: string; attempts: number; due: string }>(
      await database.db.execute(sql`select id, attempts, send_after::text as due from outbox_message
        where id in (${ids[0]}, ${ids[1]})`),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The other process's claim stands: counted once for each claim, due only after its lease.
    expect(byId.get(ids[0] ?? "")?.attempts).toBe(2);
    expect(new Date(byId.get(ids[0] ?? "")?.due ?? 0).getTime()).toBe(reclaimedAt.getTime() + LEASE_MS);
    // The row this process still held is due again now, its attempt not counted.
    expect(byId.get(ids[1] ?? "")?.attempts).toBe(0);
    expect(new Date(byId.get(ids[1] ?? "")?.due ?? 0).getTime()).toBe(start.getTime());
  });
});
