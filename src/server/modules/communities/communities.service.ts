import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { activeMemberships, requireMembership } from "#server/modules/members/members.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import type { Role } from "#shared/capabilities.ts";
import { slugProblem } from "#shared/slug.ts";
import type { CommunityLoaders } from "./communities.loaders.ts";
import { community } from "./communities.tables.ts";

export type CommunityView = typeof community.$inferSelect & { viewerRole: Role };

/** `loaders`: the request's, shared by every field it resolves (absent in writes and jobs). */
export type Ctx = { db: Db; viewer: Viewer | null; loaders?: { communities: CommunityLoaders } | null };
/** Writes also append their domain events to the log. */
export type WriteCtx = Ctx & { emit: Emit };

export async function listMyCommunities({ db, viewer }: Ctx): Promise<CommunityView[]> {
  const me = requireViewer(viewer);
  const memberships = await activeMemberships(db, me.id);
  if (memberships.length === 0) return [];
  const roles = new Map(memberships.map((m) => [m.communityId, m.role]));
  const rows = await db
    .select()
    .from(community)
    .where(inArray(community.id, [...roles.keys()]))
    .orderBy(asc(community.name), asc(community.id));
  return rows.flatMap((row) => {
    const role = roles.get(row.id);
    return role ? [{ ...row, viewerRole: role }] : [];
  });
}

export async function getCommunity(ctx: Ctx, id: string): Promise<CommunityView> {
  // Both reads at once: one round trip to the database instead of two.
  const [member, row] = await Promise.all([
    requireMembership(ctx, id),
    ctx.loaders
      ? ctx.loaders.communities.rows.load(id)
      : ctx.db
          .select()
          .from(community)
          .where(eq(community.id, id))
          .limit(1)
          .then(([first]) => first),
  ]);
  if (!row) throw notFound();
  return { ...row, viewerRole: member.role };
}

export type SlugAvailability = {
  slug: string;
  available: boolean;
  reason: "INVALID" | "RESERVED" | "TAKEN" | null;
};

export async function checkSlug({ db, viewer }: Ctx, rawSlug: string): Promise<SlugAvailability> {
  requireViewer(viewer);
  const slug = rawSlug.trim();
  const problem = slugProblem(slug);
  if (problem) return { slug, available: false, reason: problem };
  const taken = await db
    .select({ id: community.id })
    .from(community)
    .where(eq(community.slug, slug))
    .limit(1);
  return taken.length > 0
    ? { slug, available: false, reason: "TAKEN" }
    : { slug, available: true, reason: null };
}
