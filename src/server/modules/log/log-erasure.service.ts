import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { domainEvent } from "./log.tables.ts";

/**
 * The log is history and names people by id only, except invitations, which name the address
 * they went to: a deleted account's address is replaced there (docs/decisions/024).
 */
export async function forgetAddressInLog(tx: Db, email: string, replacement: string): Promise<void> {
  await tx
    .update(domainEvent)
    .set({ payload: sql`jsonb_set(${domainEvent.payload}, '{email}', to_jsonb(${replacement}::text))` })
    .where(
      and(
        inArray(domainEvent.type, ["member.invited", "member.invitation_revoked"]),
        sql`lower(${domainEvent.payload}->>'email') = lower(${email})`,
      ),
    );
}
