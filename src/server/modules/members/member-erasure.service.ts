import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { memberActivity, membership } from "./members.tables.ts";

/** Communities the person owns: each must be handed over or deleted before the account can go. */
export async function ownedCommunityIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ communityId: membership.communityId })
    .from(membership)
    .where(and(eq(membership.userId, userId), eq(membership.role, "owner")));
  return rows.map((row) => row.communityId);
}

/** Where a deleting account is a member or asked to be one (a ban stays, as the community's record). */
export async function communitiesToLeave(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ communityId: membership.communityId })
    .from(membership)
    .where(and(eq(membership.userId, userId), ne(membership.status, "banned")));
  return rows.map((row) => row.communityId);
}

/** What is left of the person in member tables once they left: answers and activity go. */
export async function forgetMember(tx: Db, userId: string): Promise<void> {
  await tx.update(membership).set({ answers: {} }).where(eq(membership.userId, userId));
  await tx.delete(memberActivity).where(eq(memberActivity.userId, userId));
}
