import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { community } from "./communities.tables.ts";

// What the membership module reads of a community (its join rules and public face) and the one
// counter it moves; the rows stay this module's.

export type CommunityRow = typeof community.$inferSelect;

export async function findCommunity(db: Pick<Db, "select">, id: string): Promise<CommunityRow | null> {
  const [row] = await db.select().from(community).where(eq(community.id, id)).limit(1);
  return row ?? null;
}

export async function findCommunityBySlug(
  db: Pick<Db, "select">,
  slug: string,
): Promise<CommunityRow | null> {
  const [row] = await db.select().from(community).where(eq(community.slug, slug)).limit(1);
  return row ?? null;
}

/** Moves `member_count` (active members) inside the transaction that changes a membership. */
export async function adjustMemberCount(tx: Db, communityId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(community)
    .set({ memberCount: sql`greatest(${community.memberCount} + ${delta}, 0)` })
    .where(eq(community.id, communityId));
}

/** Whether the community offers membership plans now; the plans service keeps it. */
export async function setPlansOffered(tx: Db, communityId: string, offered: boolean): Promise<void> {
  await tx.update(community).set({ plansOffered: offered }).where(eq(community.id, communityId));
}
