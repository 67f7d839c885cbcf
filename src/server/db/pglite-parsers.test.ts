import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipClientParsers } from "./pglite-parsers.ts";

const sample = pgTable("sample", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  localAt: timestamp("local_at").notNull(),
  day: date("day").notNull(),
  length: interval("length").notNull(),
  amounts: numeric("amounts").array().notNull(),
  stamps: timestamp("stamps", { withTimezone: true }).array().notNull(),
});

const row = {
  id: 1,
  at: new Date("2026-03-29T00:30:00.123Z"),
  localAt: new Date("2026-10-25T01:30:00Z"),
  day: "2026-02-28",
  length: "1 day 02:03:04",
  amounts: ["12.50", "0.001"],
  stamps: [new Date("2026-01-01T00:00:00Z"), new Date("2026-12-31T23:59:59.999Z")],
};

let client: PGlite;
let db: ReturnType<typeof drizzle<{ sample: typeof sample }>>;
// The client runs initdb in WebAssembly: a few seconds, more on a busy machine.
beforeAll(async () => {
  client = skipClientParsers(await PGlite.create());
  db = drizzle(client, { schema: { sample } });
  await db.execute(sql`
    create table sample (id int primary key, at timestamptz not null, local_at timestamp not null,
      day date not null, length interval not null, amounts numeric[] not null, stamps timestamptz[] not null)`);
  await db.insert(sample).values(row);
}, 180_000);
afterAll(() => client?.close());

describe("PGlite's parsers given once to the client instead of with every query", () => {
  it("reads dates, times, intervals and arrays as Drizzle does, in and out of a transaction", async () => {
    expect(await db.select().from(sample)).toEqual([row]);
    expect(await db.query.sample.findMany()).toEqual([row]);
    expect(await db.transaction((tx) => tx.select().from(sample))).toEqual([row]);
    // Drizzle's raw statements read these types as PostgreSQL writes them.
    expect((await db.execute(sql`select at, day, length, stamps from sample`)).rows).toEqual([
      {
        at: "2026-03-29 00:30:00.123+00",
        day: "2026-02-28",
        length: "1 day 02:03:04",
        stamps: '{"2026-01-01 00:00:00+00","2026-12-31 23:59:59.999+00"}',
      },
    ]);
  });

  it("still applies a query's own parsers for other types, in and out of a transaction", async () => {
    const doubled = { parsers: { 23: (value: string) => Number(value) * 2 } };
    expect((await client.query("select 21::int4 as n", [], doubled)).rows).toEqual([{ n: 42 }]);
    const inside = await client.transaction((tx) => tx.query("select 4::int4 as n", [], doubled));
    expect(inside.rows).toEqual([{ n: 8 }]);
  });
});
