import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { invitation } from "./membership.tables.ts";

/** Invitations addressed to a deleted account's address: offers to someone who is gone. */
export async function forgetInvitationsTo(tx: Db, email: string): Promise<void> {
  await tx.delete(invitation).where(sql`lower(${invitation.email}) = lower(${email})`);
}
