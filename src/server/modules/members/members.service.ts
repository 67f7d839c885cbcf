import { randomUUID } from "node:crypto";
import { and, eq, inArray, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { forbidden, notFound } from "#server/errors.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import { listUsers, type Person } from "#server/modules/users/users.service.ts";
import { type Capability, type Role, rolesWith } from "#shared/capabilities.ts";
import { COUNT_LIMITS } from "#shared/limits.ts";
import type { Origin } from "#shared/origins.ts";
import { type BenefitView, can, canViewCommunity } from "./members.policy.ts";
import { type MembershipSource, type MembershipStatus, membership } from "./members.tables.ts";

/** Throws SECOND_FACTOR_REQUIRED when this owner must set up a second factor before managing the community. */
export type OwnerSecondFactorRule = {
  check(db: Pick<Db, "select">, userId: string, communityId: string): Promise<void>;
};

/**
 * `loaders.communities.viewerMembership`: the request's batched read of the viewer's memberships,
 * absent in writes and jobs.
 */
export type MembersCtx = {
  db: Db;
  viewer: Viewer | null;
  /**
   * The operator's rule that owners of communities taking payments use a second factor
   * (REQUIRE_OWNER_SECOND_FACTOR), wired by the composition root so members need not know
   * payments or auth; absent in jobs.
   */
  ownerSecondFactor?: OwnerSecondFactorRule | null;
  loaders?: {
    communities: { viewerMembership: { load(communityId: string): Promise<BenefitView | null> } };
    memberships?: RequiredMemberships;
  } | null;
};

type Member = BenefitView & { viewer: Viewer };

/**
 * What `requireMembership` found for each community during one request. A query's fields ask about
 * the same community over and over (the dashboard's overview eleven times in its two requests):
 * each is worked out once.
 */
export type RequiredMemberships = Map<string, Promise<Member>>;

/**
 * For other modules' policies: the user's role, status and plan benefits in a community, or null
 * if none.
 */
export async function getMembership(
  db: Pick<Db, "select">,
  userId: string,
  communityId: string,
): Promise<BenefitView | null> {
  const rows = await db
    .select({ role: membership.role, status: membership.status, planBenefits: membership.planBenefits })
    .from(membership)
    .where(and(eq(membership.userId, userId), eq(membership.communityId, communityId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A person's memberships as a subquery, for a module that reads them beside its own rows in one
 * statement (the request's community loader).
 */
export const membershipsOfUser = (db: Pick<Db, "select">, userId: string | Placeholder) =>
  db
    .select({
      communityId: membership.communityId,
      role: membership.role,
      status: membership.status,
      planBenefits: membership.planBenefits,
    })
    .from(membership)
    .where(eq(membership.userId, userId))
    .as("viewer_membership");

/** The viewer's active membership in a community; NOT_FOUND for strangers, so nothing leaks. */
export function requireMembership(ctx: MembersCtx, communityId: string): Promise<Member> {
  const known = ctx.loaders?.memberships;
  if (!known) return readMembership(ctx, communityId);
  let member = known.get(communityId);
  if (!member) {
    member = readMembership(ctx, communityId);
    known.set(communityId, member);
  }
  return member;
}

async function readMembership(
  { db, viewer, loaders, ownerSecondFactor }: MembersCtx,
  communityId: string,
): Promise<Member> {
  const me = requireViewer(viewer);
  const row = loaders
    ? await loaders.communities.viewerMembership.load(communityId)
    : await getMembership(db, me.id, communityId);
  if (!canViewCommunity(row)) throw notFound();
  // Everything an owner reads or changes of their community comes through here, the dashboard first.
  if (row.role === "owner" && ownerSecondFactor) await ownerSecondFactor.check(db, me.id, communityId);
  return { ...row, viewer: me };
}

/** An active member holding the capability; FORBIDDEN (with `refusal`) for other members. */
export async function requireCapability(
  ctx: MembersCtx,
  communityId: string,
  capability: Capability,
  refusal: string,
): Promise<Member> {
  const member = await requireMembership(ctx, communityId);
  if (!can(member, capability)) throw forbidden(refusal);
  return member;
}

/** The communities a person is an active member of, with their role in each. */
export async function activeMemberships(
  db: Pick<Db, "select">,
  userId: string,
): Promise<{ communityId: string; role: Role }[]> {
  return db
    .select({ communityId: membership.communityId, role: membership.role })
    .from(membership)
    .where(and(eq(membership.userId, userId), eq(membership.status, "active")));
}

/**
 * Adds a membership unless the person already has one of any status, or makes a person known only
 * through events (status `person`) the member, keeping their row; returns whether it did either.
 */
export async function addMember(
  db: Db,
  input: {
    communityId: string;
    userId: string;
    role: Role;
    status: MembershipStatus;
    source: MembershipSource;
    origin: Origin | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(membership)
    .values({ id: randomUUID(), ...input })
    .onConflictDoUpdate({
      target: [membership.communityId, membership.userId],
      set: {
        role: input.role,
        status: input.status,
        joinedAt: sql`excluded.joined_at`,
        origin: input.origin,
      },
      setWhere: eq(membership.status, "person"),
    })
    .returning({ id: membership.id });
  return inserted.length > 0;
}

/**
 * Someone registered for one of the community's events (a guest or signed in): unless they hold a
 * membership already, they become one of its people (status `person`, source `event`), with no
 * member's rights. `announcements` is the registration form's box: ticking it turns the person's
 * announcements on, leaving it unticked changes nothing. Call inside the registration's transaction.
 */
export async function recordRegistrant(
  db: Db,
  input: { communityId: string; userId: string; name: string | null; announcements: boolean; at: Date },
): Promise<void> {
  await db
    .insert(membership)
    .values({
      id: randomUUID(),
      communityId: input.communityId,
      userId: input.userId,
      role: "member",
      status: "person",
      source: "event",
      joinedAt: input.at,
      lastActiveAt: input.at,
      emailAnnouncements: input.announcements,
      guestName: input.name,
    })
    .onConflictDoUpdate({
      target: [membership.communityId, membership.userId],
      set: {
        emailAnnouncements: sql`${membership.emailAnnouncements} or excluded.email_announcements`,
        guestName: sql`coalesce(excluded.guest_name, ${membership.guestName})`,
      },
      setWhere: eq(membership.status, "person"),
    });
}

/** Active members holding a capability (e.g. who is told about a community's events), by id. */
export async function peopleWith(
  db: Pick<Db, "select">,
  communityId: string,
  capability: Capability,
): Promise<Person[]> {
  const rows = await db
    .select({ userId: membership.userId })
    .from(membership)
    .where(
      and(
        eq(membership.communityId, communityId),
        eq(membership.status, "active"),
        inArray(membership.role, rolesWith(capability)),
      ),
    );
  return listUsers(
    db,
    rows.map((row) => row.userId),
  );
}

/** The statuses of these people's memberships in a community, by user id (people without one absent). */
export async function membershipStatuses(
  db: Pick<Db, "select">,
  communityId: string,
  userIds: string[],
): Promise<Map<string, MembershipStatus>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: membership.userId, status: membership.status })
    .from(membership)
    .where(and(eq(membership.communityId, communityId), inArray(membership.userId, userIds)));
  return new Map(rows.map((row) => [row.userId, row.status]));
}

/**
 * Adds active memberships in one statement, making people known only through events members (with
 * the new source, and the given tags after their own, up to the limit) and leaving anyone who
 * already has another membership as they are; returns the user ids it added.
 */
export async function addMembers(
  db: Db,
  input: {
    communityId: string;
    role: Role;
    source: MembershipSource;
    origin: Origin | null;
    at: Date;
    people: { userId: string; tags: string[] }[];
  },
): Promise<string[]> {
  if (input.people.length === 0) return [];
  // One JSON parameter for the whole set: building thousands of bound values costs more than the insert.
  const people = JSON.stringify(
    input.people.map((p) => ({ id: randomUUID(), user_id: p.userId, tags: p.tags })),
  );
  const result = await db.execute(sql`
    insert into membership (id, community_id, user_id, role, status, source, origin, tags, joined_at, last_active_at)
    select r.id, ${input.communityId}, r.user_id, ${input.role}, 'active', ${input.source}, ${input.origin}, r.tags,
      ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz
    from jsonb_to_recordset(${people}::jsonb) as r(id text, user_id text, tags text[])
    on conflict (community_id, user_id) do update
      set role = excluded.role, status = 'active', joined_at = excluded.joined_at, source = excluded.source,
        origin = excluded.origin,
        tags = array(
          select tag from unnest(membership.tags || excluded.tags) with ordinality as u(tag, n)
          group by tag order by min(n) limit ${COUNT_LIMITS.memberTags})
      where membership.status = 'person'
    returning user_id`);
  return (result as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id);
}
