import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { slugProblem } from "../../../shared/slug.ts";
import type { Db } from "../../db/client.ts";
import { invalidInput, notFound, unauthenticated } from "../../errors.ts";
import { canCreateCommunity, canViewCommunity, type Viewer } from "./communities.policy.ts";
import { type CommunityRole, community, membership } from "./communities.tables.ts";
import { type CreateCommunityInput, validateCommunityInput } from "./communities.validation.ts";

export type CommunityView = typeof community.$inferSelect & { viewerRole: CommunityRole };

export type Ctx = { db: Db; viewer: Viewer | null };

const requireViewer = (viewer: Viewer | null): Viewer => {
  if (!viewer) throw unauthenticated();
  return viewer;
};

export async function listMyCommunities({ db, viewer }: Ctx): Promise<CommunityView[]> {
  const me = requireViewer(viewer);
  const rows = await db
    .select({ community, role: membership.role })
    .from(membership)
    .innerJoin(community, eq(community.id, membership.communityId))
    .where(and(eq(membership.userId, me.id), eq(membership.status, "active")))
    .orderBy(asc(community.name), asc(community.id));
  return rows.map((row) => ({ ...row.community, viewerRole: row.role }));
}

export async function getCommunity({ db, viewer }: Ctx, id: string): Promise<CommunityView> {
  const me = requireViewer(viewer);
  const rows = await db
    .select({ community, role: membership.role, status: membership.status })
    .from(community)
    .innerJoin(membership, and(eq(membership.communityId, community.id), eq(membership.userId, me.id)))
    .where(eq(community.id, id))
    .limit(1);
  const row = rows[0];
  if (!row || !canViewCommunity(row)) throw notFound();
  return { ...row.community, viewerRole: row.role };
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

const slugTaken = () =>
  invalidInput([{ field: "slug", code: "SLUG_TAKEN", message: "That address is taken. Try another." }]);

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

export async function createCommunity(
  { db, viewer }: Ctx,
  input: CreateCommunityInput,
): Promise<CommunityView> {
  if (!canCreateCommunity(viewer)) throw unauthenticated();
  const { value, errors } = validateCommunityInput(input);
  if (errors.length > 0) throw invalidInput(errors);
  const existing = await db
    .select({ id: community.id })
    .from(community)
    .where(eq(community.slug, value.slug))
    .limit(1);
  if (existing.length > 0) throw slugTaken();
  const id = randomUUID();
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(community)
        .values({ id, ...value, memberCount: 1, createdBy: viewer.id })
        .returning();
      await tx.insert(membership).values({
        id: randomUUID(),
        communityId: id,
        userId: viewer.id,
        role: "owner",
        status: "active",
        source: "created",
      });
      return row;
    });
    if (!created) throw new Error("community insert returned no row");
    return { ...created, viewerRole: "owner" };
  } catch (error) {
    // Two people racing for one slug: the unique index decides, the loser gets a field error.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}
