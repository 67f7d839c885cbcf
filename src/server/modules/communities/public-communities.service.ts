import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { community } from "./communities.tables.ts";

// What search engines may be told of communities: the public ones, by slug. A private community
// is left out of every list (decision 035): its page shows a stranger only its name and logo,
// and a listing would announce that it exists.

/** Up to `limit` public communities' slugs after `afterSlug`, in slug order (keyset on the unique index). */
export async function publicCommunitySlugs(
  db: Pick<Db, "select">,
  afterSlug: string | null,
  limit: number,
): Promise<string[]> {
  const isPublic = eq(community.visibility, "public");
  const rows = await db
    .select({ slug: community.slug })
    .from(community)
    .where(afterSlug === null ? isPublic : and(isPublic, gt(community.slug, afterSlug)))
    .orderBy(asc(community.slug))
    .limit(limit);
  return rows.map((row) => row.slug);
}

/**
 * The ids of public communities, as a subquery for another module's list that keeps only what
 * belongs to them (`inArray(x.communityId, publicCommunityIds(db))`), in one statement.
 */
export function publicCommunityIds(db: Pick<Db, "select">) {
  return db.select({ id: community.id }).from(community).where(eq(community.visibility, "public"));
}
