import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
// Managers' names and addresses for mail; there is no users service yet.
import { user } from "#server/db/schema.ts";
import { DomainError, invalidInput, notFound, unauthenticated } from "#server/errors.ts";
import { hit } from "#server/modules/auth/throttle.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { slugProblem } from "#shared/slug.ts";
import type { CommunityLoaders } from "./communities.loaders.ts";
import {
  canCreateCommunity,
  canDeleteCommunity,
  canEditCommunity,
  canViewCommunity,
  type MembershipView,
  type Viewer,
} from "./communities.policy.ts";
import { type CommunityRole, community, type JoinPolicy, membership } from "./communities.tables.ts";
import {
  type CommunityPatch,
  type CreateCommunityInput,
  validateCommunityInput,
  validateCommunityPatch,
} from "./communities.validation.ts";

export type CommunityView = typeof community.$inferSelect & { viewerRole: CommunityRole };

/** `loaders`: the request's, shared by every field it resolves (absent in writes and jobs). */
export type Ctx = { db: Db; viewer: Viewer | null; loaders?: { communities: CommunityLoaders } | null };
/** Writes also append their domain events to the log. */
export type WriteCtx = Ctx & { emit: Emit };

/** Generous for real organizers, and a stop to scripts creating hundreds (each with its own storage quota). */
export const COMMUNITIES_PER_PERSON = { max: 10, windowSeconds: 60 * 60 };

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

export async function getCommunity({ db, viewer, loaders }: Ctx, id: string): Promise<CommunityView> {
  const me = requireViewer(viewer);
  if (loaders) {
    const [row, member] = await Promise.all([
      loaders.communities.rows.load(id),
      loaders.communities.viewerMembership.load(id),
    ]);
    if (!row || !canViewCommunity(member)) throw notFound();
    return { ...row, viewerRole: member.role };
  }
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
  { db, viewer, emit }: WriteCtx,
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
  const allowed = await hit(db, { key: `community-create:${viewer.id}`, ...COMMUNITIES_PER_PERSON });
  if (!allowed.allowed) {
    const minutes = Math.ceil(allowed.retryAfterSeconds / 60);
    throw new DomainError(
      "RATE_LIMITED",
      `You have created ${COMMUNITIES_PER_PERSON.max} communities in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  const id = randomUUID();
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(community)
        .values({ id, ...value, memberCount: 1, createdBy: viewer.id })
        .returning();
      await emit(tx, {
        type: "community.created",
        communityId: id,
        actorId: viewer.id,
        payload: { after: { ...value } },
      });
      await tx.insert(membership).values({
        id: randomUUID(),
        communityId: id,
        userId: viewer.id,
        role: "owner",
        status: "active",
        source: "created",
      });
      await emit(tx, {
        type: "member.joined",
        communityId: id,
        actorId: viewer.id,
        subjectId: viewer.id,
        payload: { userId: viewer.id, role: "owner", source: "created" },
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

/** The viewer's active membership in a community; NOT_FOUND for strangers, so nothing leaks. */
export async function requireMembership(
  { db, viewer, loaders }: Ctx,
  communityId: string,
): Promise<MembershipView & { viewer: Viewer }> {
  const me = requireViewer(viewer);
  const row = loaders
    ? await loaders.communities.viewerMembership.load(communityId)
    : await getMembership(db, me.id, communityId);
  if (!canViewCommunity(row)) throw notFound();
  return { ...row, viewer: me };
}

const forbidden = (message: string) => new DomainError("FORBIDDEN", message);

export type UpdateCommunityInput = CommunityPatch & {
  /** Path of an image in `community-assets` under this community; "" removes the logo. */
  logoPath?: string | null;
  coverPath?: string | null;
};

const AUDITED = [
  "name",
  "slug",
  "description",
  "timeZone",
  "currency",
  "visibility",
  "joinPolicy",
  "brandColor",
  "logoUrl",
  "coverUrl",
] as const;

/**
 * The public URL of an image the community stored under its own folder, or null. The files module
 * answers it; it is passed in because files depends on communities, never the other way round.
 */
export type CommunityAssetUrl = (db: Db, communityId: string, path: string) => Promise<string | null>;

export async function updateCommunity(
  ctx: WriteCtx,
  id: string,
  input: UpdateCommunityInput,
  communityAssetUrl: CommunityAssetUrl,
): Promise<CommunityView> {
  const member = await requireMembership(ctx, id);
  if (!canEditCommunity(member)) throw forbidden("Only owners and admins can change community settings.");
  const { value, errors } = validateCommunityPatch(input);
  const changes: Partial<typeof community.$inferInsert> = { ...value };
  for (const [key, column] of [
    ["logoPath", "logoUrl"],
    ["coverPath", "coverUrl"],
  ] as const) {
    const path = input[key];
    if (path === undefined || path === null) continue;
    if (path === "") {
      changes[column] = null;
      continue;
    }
    const url = await communityAssetUrl(ctx.db, id, path);
    if (url) changes[column] = url;
    else errors.push({ field: key, code: "INVALID_IMAGE", message: "Upload the image again, then save." });
  }
  if (errors.length > 0) throw invalidInput(errors);
  if (value.slug) {
    const [taken] = await ctx.db
      .select({ id: community.id })
      .from(community)
      .where(eq(community.slug, value.slug))
      .limit(1);
    if (taken && taken.id !== id) throw slugTaken();
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(community).where(eq(community.id, id)).for("update");
      if (!before) throw notFound();
      const changed = AUDITED.filter((field) => field in changes && changes[field] !== before[field]);
      if (changed.length === 0) return { ...before, viewerRole: member.role };
      const [after] = await tx.update(community).set(changes).where(eq(community.id, id)).returning();
      if (!after) throw notFound();
      await ctx.emit(tx, {
        type: "community.updated",
        communityId: id,
        actorId: member.viewer.id,
        payload: {
          before: Object.fromEntries(changed.map((field) => [field, before[field]])),
          after: Object.fromEntries(changed.map((field) => [field, after[field]])),
        },
      });
      return { ...after, viewerRole: member.role };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Deletes a community and everything in it once the owner has typed its exact name. */
export async function deleteCommunity(ctx: WriteCtx, id: string, confirmName: string): Promise<void> {
  const member = await requireMembership(ctx, id);
  if (!canDeleteCommunity(member)) throw forbidden("Only the owner can delete this community.");
  const [row] = await ctx.db
    .select({ name: community.name })
    .from(community)
    .where(eq(community.id, id))
    .limit(1);
  if (!row) throw notFound();
  if (confirmName.trim() !== row.name) {
    throw invalidInput([
      {
        field: "confirmName",
        code: "CONFIRMATION_MISMATCH",
        message: "Type the community's name exactly to delete it.",
      },
    ]);
  }
  // Its stored files go through the log: the files subscriber removes them once this commits.
  await ctx.db.transaction(async (tx) => {
    await tx.delete(community).where(eq(community.id, id));
    await ctx.emit(tx, {
      type: "community.deleted",
      communityId: id,
      actorId: member.viewer.id,
      payload: { name: row.name },
    });
  });
}

/** For other modules' policies: the user's role and status in a community, or null if none. */
export async function getMembership(
  db: Db,
  userId: string,
  communityId: string,
): Promise<MembershipView | null> {
  const rows = await db
    .select({ role: membership.role, status: membership.status })
    .from(membership)
    .where(and(eq(membership.userId, userId), eq(membership.communityId, communityId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The most bytes the community's stored files may take, or null when there is no such community. */
export async function getStorageQuotaBytes(db: Db, communityId: string): Promise<number | null> {
  const rows = await db
    .select({ quota: community.storageQuotaBytes })
    .from(community)
    .where(eq(community.id, communityId))
    .limit(1);
  return rows[0]?.quota ?? null;
}

/** What an event shows of its host community. */
export type CommunityHost = {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  brandColor: string | null;
  currency: string;
  joinPolicy: JoinPolicy;
};

export const hostOf = (row: CommunityHost): CommunityHost => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logoUrl: row.logoUrl,
  brandColor: row.brandColor,
  currency: row.currency,
  joinPolicy: row.joinPolicy,
});

/** Host details of several communities in one query (events pages show many). */
export async function communityHosts(db: Db, ids: string[]): Promise<Map<string, CommunityHost>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: community.id,
      name: community.name,
      slug: community.slug,
      logoUrl: community.logoUrl,
      brandColor: community.brandColor,
      currency: community.currency,
      joinPolicy: community.joinPolicy,
    })
    .from(community)
    .where(inArray(community.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Someone registering for a public event of an OPEN community joins it as a member (source
 * "event") unless they already have a membership of any status. Call inside the registration's
 * transaction; returns whether a membership was created.
 */
export async function joinFromEvent(
  db: Db,
  emit: Emit,
  communityId: string,
  userId: string,
): Promise<boolean> {
  const [host] = await db
    .select({ joinPolicy: community.joinPolicy })
    .from(community)
    .where(eq(community.id, communityId))
    .limit(1);
  if (host?.joinPolicy !== "open") return false;
  const inserted = await db
    .insert(membership)
    .values({ id: randomUUID(), communityId, userId, role: "member", status: "active", source: "event" })
    .onConflictDoNothing({ target: [membership.communityId, membership.userId] })
    .returning({ id: membership.id });
  if (inserted.length === 0) return false;
  await db
    .update(community)
    .set({ memberCount: sql`${community.memberCount} + 1` })
    .where(eq(community.id, communityId));
  await emit(db, {
    type: "member.joined",
    communityId,
    actorId: userId,
    subjectId: userId,
    payload: { userId, role: "member", source: "event" },
  });
  return true;
}

/** Active organizers, admins and owners of a community, for mail about its events. */
export async function communityManagers(
  db: Db,
  communityId: string,
): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .where(
      and(
        eq(membership.communityId, communityId),
        eq(membership.status, "active"),
        inArray(membership.role, ["organizer", "admin", "owner"]),
      ),
    )
    .orderBy(user.id);
}
