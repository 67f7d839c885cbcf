import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The domain-event log: what happened, in order, kept forever. `txId` is the writing transaction's
 * id; readers take only entries of transactions older than every running one (see log.service.ts),
 * so an entry that commits late is never skipped. No foreign keys: history outlives the community,
 * the person and the event it names.
 */
export const domainEvent = pgTable(
  "domain_event",
  {
    position: bigint("position", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    txId: bigint("tx_id", { mode: "number" }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    type: text("type").notNull(),
    communityId: text("community_id").notNull(),
    actorId: text("actor_id"),
    /** The person the entry is about, for "entries about person X". */
    subjectId: text("subject_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("domain_event_order_idx").on(t.txId, t.position),
    index("domain_event_subject_idx")
      .on(t.subjectId, t.txId, t.position)
      .where(sql`${t.subjectId} is not null`),
    index("domain_event_community_idx").on(t.communityId, t.txId, t.position),
  ],
);

/** Where each named subscriber has got to in the log: the last (txId, position) it handled. */
export const logSubscriber = pgTable("log_subscriber", {
  name: text("name").primaryKey(),
  txId: bigint("tx_id", { mode: "number" }).notNull().default(0),
  position: bigint("position", { mode: "number" }).notNull().default(0),
  lastError: text("last_error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
