import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Role } from "#shared/capabilities.ts";
import type { Answers } from "#shared/questions.ts";
import { RECEIVING } from "./announcements.service.ts";
import { filterConditions } from "./member-filter.ts";
import { storedFilter } from "./member-segments.service.ts";
import type { MembershipStatus } from "./members.tables.ts";

// What the community's agents read about people, outside any viewer: the agents module plans runs
// from these and the notifications module renders their mail with the last one. The agents module
// checks `agents.manage` on whoever edits an agent; a run itself acts for the community.

/** The trigger's own person may also be one asking to join (a reply to their request). */
const RECEIVING_SUBJECT: readonly MembershipStatus[] = [...RECEIVING, "pending"];

export type MemberFacts = {
  userId: string;
  membershipId: string | null;
  status: MembershipStatus | null;
  role: Role | null;
  name: string;
  email: string;
  tags: string[];
  /** Whether announcements (and so an agent's mail) may reach them. */
  emailAnnouncements: boolean;
  /** The answers given with a request to join. */
  joinAnswers: Answers;
};

type FactsRow = {
  user_id: string;
  membership_id: string | null;
  status: MembershipStatus | null;
  role: Role | null;
  name: string | null;
  guest_name: string | null;
  email: string;
  tags: string[] | null;
  email_announcements: boolean | null;
  answers: Answers | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A person as a member of the community (membership fields null when not one); null if no account. */
export async function memberFacts(db: Db, communityId: string, userId: string): Promise<MemberFacts | null> {
  const [row] = rowsOf<FactsRow>(
    await db.execute(sql`
      select u.id as user_id, m.id as membership_id, m.status, m.role, u.name, m.guest_name, u.email, m.tags,
        m.email_announcements, m.answers
      from "user" u
      left join membership m on m.user_id = u.id and m.community_id = ${communityId}
      where u.id = ${userId} and u.deleted_at is null`),
  );
  if (!row) return null;
  return {
    userId: row.user_id,
    membershipId: row.membership_id,
    status: row.status,
    role: row.role,
    name: row.name?.trim() || row.guest_name?.trim() || "",
    email: row.email,
    tags: row.tags ?? [],
    emailAnnouncements: row.email_announcements ?? false,
    joinAnswers: row.answers ?? {},
  };
}

async function segmentWhere(db: Db, communityId: string, segmentId: string) {
  const [segment] = rowsOf<{ filter: Record<string, unknown> }>(
    await db.execute(
      sql`select filter from member_segment where id = ${segmentId} and community_id = ${communityId}`,
    ),
  );
  if (!segment) return null;
  return filterConditions(communityId, storedFilter.parse(segment.filter), null);
}

/**
 * A membership as it stood at some past moment, in the fields the log tells the history of (an
 * agent's dry run rebuilds them): `status` null when the person had no membership then. The
 * segment reads below take these in place of the stored row's fields; every other field a segment
 * filters on (activity, plans, dates) is read as it is now.
 */
export type MembershipAsOf = {
  userId: string;
  membershipId: string | null;
  status: MembershipStatus | null;
  role: Role | null;
  tags: readonly string[];
  emailAnnouncements: boolean;
};

const asOfFields = (communityId: string, asOf: MembershipAsOf) => ({
  id: asOf.membershipId,
  community_id: communityId,
  user_id: asOf.userId,
  status: asOf.status,
  role: asOf.role,
  tags: asOf.tags,
  email_announcements: asOf.emailAnnouncements,
});

/**
 * The person's membership row with the fields of `fields` (a JSON object of `MembershipAsOf`'s
 * columns) in place of the stored ones, as `m`: a row gone since is rebuilt from those alone.
 */
const membershipAsOfRow = (communityId: string, fields: SQL) => sql`jsonb_populate_record(
    coalesce((select m0 from membership m0 where m0.community_id = ${communityId} and m0.user_id = ${fields}->>'user_id'),
      null::membership),
    ${fields}) as m`;

/**
 * Whether the person is in the saved segment now (or, given `asOf`, with their membership as it
 * stood then); null when the segment is gone.
 */
export async function inSegment(
  db: Db,
  communityId: string,
  segmentId: string,
  userId: string,
  asOf?: MembershipAsOf,
): Promise<boolean | null> {
  const where = await segmentWhere(db, communityId, segmentId);
  if (!where) return null;
  if (asOf && asOf.status === null) return false;
  const from = asOf
    ? membershipAsOfRow(communityId, sql`${JSON.stringify(asOfFields(communityId, asOf))}::jsonb`)
    : sql`membership m`;
  const rows = rowsOf<{ found: number }>(
    await db.execute(sql`
      select 1 as found from ${from} where ${sql.join(where, sql` and `)} and m.user_id = ${userId}
      limit 1`),
  );
  return rows.length > 0;
}

/**
 * The segment's members an agent's mail reaches now (the announcements' rule: members and
 * consenting people who have not turned announcements off), by user id; null when it is gone.
 * `asOf`: the memberships whose fields differ from the stored ones at the moment asked about.
 */
export async function segmentRecipients(
  db: Db,
  communityId: string,
  segmentId: string,
  asOf: readonly MembershipAsOf[] = [],
): Promise<string[] | null> {
  const where = await segmentWhere(db, communityId, segmentId);
  if (!where) return null;
  const receiving = sql`m.status in ${RECEIVING} and m.email_announcements`;
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select m.user_id from membership m
      where ${sql.join(where, sql` and `)} and ${receiving}
        ${asOf.length > 0 ? sql`and m.user_id not in ${asOf.map((row) => row.userId)}` : sql``}
      order by m.user_id`),
  );
  const found = rows.map((row) => row.user_id);
  const then = asOf.filter((row) => row.status !== null && mayReceiveAgentMail(row, false));
  if (then.length === 0) return found;
  const rebuilt = JSON.stringify(then.map((row) => asOfFields(communityId, row)));
  const more = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select m.user_id from jsonb_array_elements(${rebuilt}::jsonb) as o(v)
        cross join lateral ${membershipAsOfRow(communityId, sql`o.v`)}
      where ${sql.join(where, sql` and `)}`),
  );
  return [...found, ...more.map((row) => row.user_id)].sort();
}

/** Whether an agent's mail may reach a membership in this state (`subject`: the trigger's own person). */
export function mayReceiveAgentMail(
  membership: Pick<MembershipAsOf, "status" | "emailAnnouncements">,
  subject: boolean,
): boolean {
  const statuses = subject ? RECEIVING_SUBJECT : RECEIVING;
  return membership.status !== null && statuses.includes(membership.status) && membership.emailAnnouncements;
}

/**
 * Which of these people an agent's mail may reach (`subject`: the trigger's own person, who may
 * also be asking to join): a membership in the community that receives announcements.
 */
export async function agentMailable(
  db: Db,
  communityId: string,
  userIds: readonly string[],
  subject = false,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const statuses = subject ? RECEIVING_SUBJECT : RECEIVING;
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select m.user_id from membership m
      where m.community_id = ${communityId} and m.user_id in ${[...new Set(userIds)]}
        and m.status in ${statuses} and m.email_announcements`),
  );
  return new Set(rows.map((row) => row.user_id));
}

export type AgentMailRecipient = {
  to: string;
  name: string;
  membershipId: string;
  community: { id: string; name: string; slug: string };
};

/** Where an agent's mail to this person goes now, or why it is no longer sent. */
export async function agentMailRecipient(
  db: Db,
  communityId: string,
  userId: string,
  subject: boolean,
): Promise<AgentMailRecipient | string> {
  const [row] = rowsOf<{
    id: string;
    status: MembershipStatus;
    email_announcements: boolean;
    email: string;
    name: string | null;
    guest_name: string | null;
    deleted_at: string | null;
    community_name: string;
    community_slug: string;
  }>(
    await db.execute(sql`
      select m.id, m.status, m.email_announcements, u.email, u.name, m.guest_name, u.deleted_at,
        c.name as community_name, c.slug as community_slug
      from membership m
      join "user" u on u.id = m.user_id
      join community c on c.id = m.community_id
      where m.community_id = ${communityId} and m.user_id = ${userId}`),
  );
  if (!row || row.deleted_at) return "the person is no longer in the community";
  const statuses = subject ? RECEIVING_SUBJECT : RECEIVING;
  if (!statuses.includes(row.status)) return `the membership is ${row.status}`;
  if (!row.email_announcements) return "the member turned announcements off";
  return {
    to: row.email,
    name: row.name?.trim() || row.guest_name?.trim() || "",
    membershipId: row.id,
    community: { id: communityId, name: row.community_name, slug: row.community_slug },
  };
}

/** The names these people go by in the community (their account's, else the one they registered with). */
export async function memberNames(
  db: Db,
  communityId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; name: string | null; guest_name: string | null }>(
    await db.execute(sql`
      select u.id, u.name, m.guest_name from "user" u
      left join membership m on m.user_id = u.id and m.community_id = ${communityId}
      where u.id in ${[...new Set(userIds)]}`),
  );
  return new Map(rows.map((row) => [row.id, row.name?.trim() || row.guest_name?.trim() || ""]));
}
