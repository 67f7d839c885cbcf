import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { DomainError, forbidden, invalidInput, notFound, unauthenticated } from "#server/errors.ts";
import { hit } from "#server/modules/auth/throttle.service.ts";
import { addMember, requireMembership } from "#server/modules/members/members.service.ts";
import {
  type Question,
  type QuestionInput,
  type ValidQuestion,
  validateQuestions,
} from "#shared/questions.ts";
import { canCreateCommunity, canDeleteCommunity, canEditCommunity } from "./communities.policy.ts";
import type { CommunityView, WriteCtx } from "./communities.service.ts";
import { community } from "./communities.tables.ts";
import {
  type CommunityPatch,
  type CreateCommunityInput,
  validateCommunityInput,
  validateCommunityPatch,
} from "./communities.validation.ts";

/** Generous for real organizers, and a stop to scripts creating hundreds (each with its own storage quota). */
export const COMMUNITIES_PER_PERSON = { max: 10, windowSeconds: 60 * 60 };

const slugTaken = () =>
  invalidInput([{ field: "slug", code: "SLUG_TAKEN", message: "That address is taken. Try another." }]);

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
      await addMember(tx, {
        communityId: id,
        userId: viewer.id,
        role: "owner",
        status: "active",
        source: "created",
        origin: "created",
      });
      await emit(tx, {
        type: "member.joined",
        communityId: id,
        actorId: viewer.id,
        subjectId: viewer.id,
        payload: { userId: viewer.id, role: "owner", source: "created", origin: "created" },
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

export type UpdateCommunityInput = CommunityPatch & {
  /** Path of an image in `community-assets` under this community; "" removes the logo. */
  logoPath?: string | null;
  coverPath?: string | null;
  /** The whole list, in order; questions keep their id so answers already given stay matched. */
  joinQuestions?: QuestionInput[] | null;
  memberDirectory?: boolean | null;
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
  "joinQuestions",
  "memberDirectory",
] as const;

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === "object" && JSON.stringify(a) === JSON.stringify(b));

/** New questions get an id; ones the community already asks keep theirs. */
const withIds = (questions: ValidQuestion[], current: Question[]): Question[] => {
  const known = new Set(current.map((q) => q.id));
  return questions.map((q) => ({ ...q, id: q.id && known.has(q.id) ? q.id : randomUUID() }));
};

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
  const joinQuestions = input.joinQuestions ? validateQuestions(input.joinQuestions, "joinQuestions") : null;
  if (joinQuestions) errors.push(...joinQuestions.errors);
  if (errors.length > 0) throw invalidInput(errors);
  if (typeof input.memberDirectory === "boolean") changes.memberDirectory = input.memberDirectory;
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
      if (joinQuestions) changes.joinQuestions = withIds(joinQuestions.value, before.joinQuestions);
      const changed = AUDITED.filter(
        (field) => field in changes && !sameValue(changes[field], before[field]),
      );
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
