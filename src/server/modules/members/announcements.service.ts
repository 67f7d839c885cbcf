import { randomUUID } from "node:crypto";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conflict, type FieldError, invalidInput } from "#server/errors.ts";
import { listUsers } from "#server/modules/users/users.service.ts";
import { COUNT_LIMITS, isTooLong, tooLongMessage } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import { checkFilter, type MemberFilter } from "./member-filter.ts";
import { storedFilter } from "./member-segments.service.ts";
import { type MemberSelection, selectionSql } from "./member-selection.service.ts";
import type { MembersWriteCtx } from "./member-tags.service.ts";
import { type MembersCtx, requireCapability } from "./members.service.ts";
import type { MembershipStatus } from "./members.tables.ts";
import {
  type AnnouncementAudience,
  announcement,
  announcementDraft,
  memberSegment,
} from "./members.tables.ts";

/** Statuses an announcement, or an agent's mail, reaches (with `email_announcements` on): members and consenting people. */
export const RECEIVING: readonly MembershipStatus[] = ["active", "person"];

/** Who to write to: exactly one of these. */
export type AudienceInput = {
  all?: boolean | null;
  segmentId?: string | null;
  membershipIds?: string[] | null;
  filter?: MemberFilter | null;
  /** Narrows `filter` (or every member, without one) the way the member table's search does. */
  search?: string | null;
};

export type AnnouncementInput = {
  subject: string;
  body: string;
  audience: AudienceInput;
  /** The draft being sent: it is gone once the announcement is. */
  draftId?: string | null;
};

export type AnnouncementView = {
  id: string;
  communityId: string;
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  sentAt: Date;
  sentByName: string | null;
  recipientCount: number;
};

const asFilter = (filter: Record<string, unknown>): MemberFilter => storedFilter.parse(filter);

const stored = (filter: MemberFilter) => JSON.parse(JSON.stringify(filter)) as Record<string, unknown>;

/** The members an audience names, as the bulk actions select them (search included). */
function selectionOf(audience: AnnouncementAudience): MemberSelection {
  switch (audience.kind) {
    case "all":
      return { filter: {} };
    case "selected":
      return { membershipIds: audience.membershipIds };
    case "segment":
      return { filter: asFilter(audience.filter) };
    case "filter":
      return { filter: asFilter(audience.filter), search: audience.search ?? null };
  }
}

/**
 * `membership m` and the conditions naming
 * who receives an announcement: active members of the audience who have not turned announcements
 * off, and the community's people who agreed to them on a registration form (docs/decisions/028).
 * Banned and pending people never match.
 */
function audienceSql(communityId: string, audience: AnnouncementAudience): SQL {
  const where = selectionSql(communityId, selectionOf(audience));
  const conditions = [...where, sql`m.status in ${RECEIVING}`, sql`m.email_announcements`];
  return sql`membership m where ${sql.join(conditions, sql` and `)}`;
}

async function resolveAudience(
  db: Db,
  communityId: string,
  input: AudienceInput,
  errors: FieldError[],
): Promise<AnnouncementAudience | null> {
  const search = input.search?.trim() || null;
  const chosen = [
    input.all ? "all" : null,
    input.segmentId ? "segment" : null,
    input.membershipIds ? "selected" : null,
    input.filter || search ? "filter" : null,
  ].filter(Boolean);
  if (chosen.length !== 1) {
    errors.push({
      field: "audience",
      code: "REQUIRED",
      message: "Choose who receives it: all members, a segment, or the selected members.",
    });
    return null;
  }
  if (input.all) return { kind: "all" };
  if (input.segmentId) {
    const [segment] = await db
      .select()
      .from(memberSegment)
      .where(and(eq(memberSegment.id, input.segmentId), eq(memberSegment.communityId, communityId)))
      .limit(1);
    if (!segment) {
      errors.push({
        field: "audience.segmentId",
        code: "NOT_FOUND",
        message: "This segment no longer exists.",
      });
      return null;
    }
    return { kind: "segment", segmentId: segment.id, segmentName: segment.name, filter: segment.filter };
  }
  if (input.membershipIds) {
    const ids = [...new Set(input.membershipIds)];
    if (ids.length === 0)
      errors.push({
        field: "audience.membershipIds",
        code: "REQUIRED",
        message: "Select at least one member.",
      });
    if (ids.length > COUNT_LIMITS.selectedMembers)
      errors.push({
        field: "audience.membershipIds",
        code: "TOO_MANY",
        message: `Select at most ${COUNT_LIMITS.selectedMembers.toLocaleString("en-US")} members, or send to the whole filter.`,
      });
    return { kind: "selected", membershipIds: ids };
  }
  return { kind: "filter", filter: stored(checkFilter(input.filter, search)), search };
}

/** How many members an audience reaches now (the compose dialog's summary uses the same count). */
export async function countRecipients(
  db: Db,
  communityId: string,
  audience: AnnouncementAudience,
): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${audienceSql(communityId, audience)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export function checkMessage(input: { subject: string; body: string }, errors: FieldError[]) {
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject) errors.push({ field: "subject", code: "REQUIRED", message: "Write a subject." });
  if (isTooLong("messageSubject", subject))
    errors.push({ field: "subject", code: "TOO_LONG", message: tooLongMessage("messageSubject") });
  const subjectProblem = nameCharactersProblem(subject);
  if (subjectProblem) errors.push({ field: "subject", ...subjectProblem });
  if (!body) errors.push({ field: "body", code: "REQUIRED", message: "Write the message." });
  if (isTooLong("messageBody", body))
    errors.push({ field: "body", code: "TOO_LONG", message: tooLongMessage("messageBody") });
  return { subject, body };
}

/**
 * Records an announcement and emits `announcement.sent` in the same transaction; the outbox then
 * writes to each recipient once (notifications, decision 006). Admins only.
 */
export async function sendAnnouncement(
  ctx: MembersWriteCtx,
  communityId: string,
  input: AnnouncementInput,
): Promise<AnnouncementView> {
  const me = await requireCapability(ctx, communityId, "members.manage", "Only admins can email members.");
  const errors: FieldError[] = [];
  const { subject, body } = checkMessage(input, errors);
  const audience = await resolveAudience(ctx.db, communityId, input.audience, errors);
  if (errors.length > 0 || !audience) throw invalidInput(errors);
  const sentAt = ctx.clock();
  const id = randomUUID();
  const recipientCount = await ctx.db.transaction(async (tx) => {
    if (input.draftId && !(await takeDraft(tx as Db, communityId, input.draftId)))
      throw conflict("This draft was already sent or deleted.");
    const count = await countRecipients(tx as Db, communityId, audience);
    await tx.insert(announcement).values({
      id,
      communityId,
      subject,
      body,
      audience,
      sentBy: me.viewer.id,
      sentAt,
      recipientCount: count,
    });
    await ctx.emit(tx as Db, {
      type: "announcement.sent",
      communityId,
      actorId: me.viewer.id,
      payload: {
        announcementId: id,
        subject,
        recipientCount: count,
        ...(input.draftId ? { draftId: input.draftId } : {}),
      },
    });
    return count;
  });
  return {
    id,
    communityId,
    subject,
    body,
    audience,
    sentAt,
    sentByName: me.viewer.name ?? null,
    recipientCount,
  };
}

/** Deletes the community's draft inside the caller's transaction; false when it is already gone. */
export async function takeDraft(tx: Db, communityId: string, draftId: string): Promise<boolean> {
  const gone = await tx
    .delete(announcementDraft)
    .where(and(eq(announcementDraft.id, draftId), eq(announcementDraft.communityId, communityId)))
    .returning({ id: announcementDraft.id });
  return gone.length > 0;
}

/** Recipients counted for a draft's audience, before it is sent. */
export async function previewAudience(
  ctx: MembersCtx,
  communityId: string,
  input: AudienceInput,
): Promise<number> {
  await requireCapability(ctx, communityId, "members.manage", "Only admins can email members.");
  const errors: FieldError[] = [];
  const audience = await resolveAudience(ctx.db, communityId, input, errors);
  if (errors.length > 0 || !audience) throw invalidInput(errors);
  return countRecipients(ctx.db, communityId, audience);
}

/** The community's sent announcements, newest first. */
export async function listAnnouncements(
  ctx: MembersCtx,
  communityId: string,
  first = 50,
): Promise<AnnouncementView[]> {
  await requireCapability(ctx, communityId, "members.view", "Only organizers can see the announcements.");
  const rows = await ctx.db
    .select()
    .from(announcement)
    .where(eq(announcement.communityId, communityId))
    .orderBy(desc(announcement.sentAt), desc(announcement.id))
    .limit(Math.min(Math.max(first, 1), 200));
  const senders = new Map(
    (await listUsers(ctx.db, [...new Set(rows.flatMap((r) => (r.sentBy ? [r.sentBy] : [])))])).map((u) => [
      u.id,
      u.name,
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    communityId: row.communityId,
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    sentAt: row.sentAt,
    sentByName: row.sentBy ? (senders.get(row.sentBy) ?? null) : null,
    recipientCount: row.recipientCount,
  }));
}

/** The next page of an announcement's recipients (membership ids after `cursor`), for the outbox. */
export async function announcementRecipients(
  db: Db,
  announcementId: string,
  cursor: string | null,
  limit: number,
): Promise<string[] | null> {
  const [row] = await db.select().from(announcement).where(eq(announcement.id, announcementId)).limit(1);
  if (!row) return null;
  const result = (await db.execute(sql`
    select m.id from ${audienceSql(row.communityId, row.audience)}
      and m.id > ${cursor ?? ""}
    order by m.id limit ${limit}`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

export type AnnouncementMailContext = {
  to: string;
  name: string;
  subject: string;
  body: string;
  community: { id: string; name: string; slug: string };
  membershipId: string;
};

/** One recipient's mail as things stand now, or why it is no longer sent. */
export async function announcementMailContext(
  db: Db,
  announcementId: string,
  membershipId: string,
): Promise<AnnouncementMailContext | string> {
  const result = (await db.execute(sql`
    select a.subject, a.body, a.community_id, c.name as community_name, c.slug as community_slug,
      m.status, m.email_announcements, u.email, u.name
    from announcement a
    join community c on c.id = a.community_id
    join membership m on m.id = ${membershipId} and m.community_id = a.community_id
    join "user" u on u.id = m.user_id
    where a.id = ${announcementId}`)) as unknown as {
    rows: {
      subject: string;
      body: string;
      community_id: string;
      community_name: string;
      community_slug: string;
      status: string;
      email_announcements: boolean;
      email: string;
      name: string;
    }[];
  };
  const row = result.rows[0];
  if (!row) return "the announcement or the membership is gone";
  if (!(RECEIVING as readonly string[]).includes(row.status)) return `the membership is ${row.status}`;
  if (!row.email_announcements) return "the member turned announcements off";
  return {
    to: row.email,
    name: row.name,
    subject: row.subject,
    body: row.body,
    community: { id: row.community_id, name: row.community_name, slug: row.community_slug },
    membershipId,
  };
}
