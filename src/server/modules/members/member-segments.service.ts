import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { type FieldError, invalidInput, notFound } from "#server/errors.ts";
import { ROLES } from "#shared/capabilities.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import { checkFilter, type MemberFilter } from "./member-filter.ts";
import { type MembersCtx, requireCapability } from "./members.service.ts";
import { MEMBERSHIP_SOURCES, MEMBERSHIP_STATUSES, memberSegment } from "./members.tables.ts";

export type MemberSegmentView = {
  id: string;
  communityId: string;
  name: string;
  filter: MemberFilter;
  createdAt: Date;
};

const date = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
// What a stored filter may hold: the same fields as the table's filter, dates as ISO text.
export const storedFilter = z.object({
  roles: z.array(z.enum(ROLES)).nullish(),
  statuses: z.array(z.enum(MEMBERSHIP_STATUSES)).nullish(),
  tags: z.array(z.string()).nullish(),
  sources: z.array(z.enum(MEMBERSHIP_SOURCES)).nullish(),
  joinedAfter: date.nullish(),
  joinedBefore: date.nullish(),
  eventsAttendedAtLeast: z.number().int().nullish(),
  checkInsAtLeast: z.number().int().nullish(),
  lastActiveAfter: date.nullish(),
  lastActiveBefore: date.nullish(),
  noShowLastTime: z.boolean().nullish(),
});

const toView = (row: typeof memberSegment.$inferSelect): MemberSegmentView => ({
  id: row.id,
  communityId: row.communityId,
  name: row.name,
  filter: storedFilter.parse(row.filter),
  createdAt: row.createdAt,
});

/** A community's saved segments by name: whoever reads the member table. */
export async function listSegments(ctx: MembersCtx, communityId: string): Promise<MemberSegmentView[]> {
  await requireCapability(ctx, communityId, "members.view", "Only organizers can see the members.");
  const rows = await ctx.db
    .select()
    .from(memberSegment)
    .where(eq(memberSegment.communityId, communityId))
    .orderBy(asc(memberSegment.name), asc(memberSegment.id));
  return rows.map(toView);
}

/** Saves a named filter; admins only (announcements and agents will send to segments). */
export async function saveSegment(
  ctx: MembersCtx,
  communityId: string,
  input: { name: string; filter: MemberFilter },
): Promise<MemberSegmentView> {
  const me = await requireCapability(ctx, communityId, "members.manage", "Only admins can save segments.");
  const name = input.name.trim().replace(/\s+/g, " ");
  const errors: FieldError[] = [];
  if (!name) errors.push({ field: "name", code: "REQUIRED", message: "Name the segment." });
  if (isTooLong("segmentName", name))
    errors.push({ field: "name", code: "TOO_LONG", message: tooLongMessage("segmentName") });
  const nameProblem = nameCharactersProblem(input.name.trim());
  if (nameProblem) errors.push({ field: "name", ...nameProblem });
  if (errors.length > 0) throw invalidInput(errors);
  const filter = checkFilter(input.filter);
  const stored = JSON.parse(JSON.stringify(filter)) as Record<string, unknown>;
  const [row] = await ctx.db
    .insert(memberSegment)
    .values({ id: randomUUID(), communityId, name, filter: stored, createdBy: me.viewer.id })
    .onConflictDoNothing({ target: [memberSegment.communityId, memberSegment.name] })
    .returning();
  if (!row)
    throw invalidInput([{ field: "name", code: "TAKEN", message: "A segment with this name exists." }]);
  return toView(row);
}

/** Deletes a segment; NOT_FOUND when the viewer cannot see its community. */
export async function deleteSegment(ctx: MembersCtx, id: string): Promise<string> {
  const [row] = await ctx.db
    .select({ communityId: memberSegment.communityId })
    .from(memberSegment)
    .where(eq(memberSegment.id, id))
    .limit(1);
  if (!row) throw notFound();
  await requireCapability(ctx, row.communityId, "members.manage", "Only admins can delete segments.");
  await ctx.db
    .delete(memberSegment)
    .where(and(eq(memberSegment.id, id), eq(memberSegment.communityId, row.communityId)));
  return id;
}
