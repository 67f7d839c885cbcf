import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { auditEntry } from "./audit.tables.ts";

export type AuditRecord = {
  communityId: string;
  actorId: string | null;
  action: string;
  target: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Call inside the transaction that makes the change, so the entry exists exactly when the change does. */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditEntry).values({
    id: randomUUID(),
    communityId: record.communityId,
    actorId: record.actorId,
    action: record.action,
    target: record.target,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
