import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Mail decided inside a transaction and sent after it commits. A row is the promise that the
 * message goes out once: the sender marks it sent, so a crash never loses or repeats one.
 */
export const outboxMessage = pgTable(
  "outbox_message",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    /** Dedupe key: one message per (kind, subject) where that matters, e.g. one reminder per registration. */
    dedupeKey: text("dedupe_key").unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sequence: bigint("sequence", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index("outbox_unsent_idx").on(t.sentAt, t.sendAfter),
    // The announcement history counts each announcement's mails by state: one group per announcement.
    index("outbox_announcement_mail_idx")
      .on(sql`(${t.payload}->>'announcementId')`)
      .where(sql`${t.kind} = 'announcement_mail'`),
  ],
);
