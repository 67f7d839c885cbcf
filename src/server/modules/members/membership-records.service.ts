import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, or, type SQLWrapper } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type Person, people } from "#server/modules/users/users.service.ts";
import type { Role } from "#shared/capabilities.ts";
import type { Origin } from "#shared/origins.ts";
import { BENEFIT_STATUSES, grantsBenefits, type PlanBenefit, type PlanStatus } from "#shared/plans.ts";
import type { Answers } from "#shared/questions.ts";
import { type MembershipSource, type MembershipStatus, membership } from "./members.tables.ts";

// Membership rows as the membership module's flows (joining, requests, invitations, roles) read
// and change them; the rules live there, the table here.

export type MembershipRecord = typeof membership.$inferSelect;

/** A membership's plan columns: which plan, where the member stands with it, and what it gives now. */
export type MembershipPlan = Pick<MembershipRecord, "planId" | "planStatus" | "planBenefits">;

/** What a plan gives its holder in a status: its benefits while they last, nothing otherwise. */
export function planColumns(
  plan: { id: string; benefits: readonly PlanBenefit[] },
  status: PlanStatus,
): MembershipPlan {
  return {
    planId: plan.id,
    planStatus: status,
    planBenefits: grantsBenefits(status) ? [...plan.benefits] : [],
  };
}

/**
 * A plan's benefits changed: every member holding it while it grants benefits gets the new ones,
 * in one statement.
 */
export async function updateHoldersBenefits(
  tx: Db,
  planId: string,
  benefits: readonly PlanBenefit[],
): Promise<void> {
  await tx
    .update(membership)
    .set({ planBenefits: [...benefits] })
    .where(and(eq(membership.planId, planId), inArray(membership.planStatus, [...BENEFIT_STATUSES])));
}

export async function membershipById(db: Pick<Db, "select">, id: string): Promise<MembershipRecord | null> {
  const [row] = await db.select().from(membership).where(eq(membership.id, id)).limit(1);
  return row ?? null;
}

/** The row, locked until the transaction ends: two decisions on one membership never interleave. */
export async function lockMembershipById(tx: Db, id: string): Promise<MembershipRecord | null> {
  const [row] = await tx.select().from(membership).where(eq(membership.id, id)).for("update");
  return row ?? null;
}

export async function lockMembershipOf(
  tx: Db,
  /** The community, or a subquery answering it (an event's community), read in the same statement. */
  communityId: string | SQLWrapper,
  userId: string,
): Promise<MembershipRecord | null> {
  const [row] = await tx
    .select()
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.userId, userId)))
    .for("update");
  return row ?? null;
}

export async function membershipOf(
  db: Pick<Db, "select">,
  communityId: string,
  userId: string,
): Promise<MembershipRecord | null> {
  const [row] = await db
    .select()
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Inserts a membership; null when the person already has one (of any status). */
export async function insertMembership(
  tx: Db,
  input: {
    communityId: string;
    userId: string;
    role: Role;
    status: MembershipStatus;
    source: MembershipSource;
    joinedAt: Date;
    answers?: Answers;
    origin?: Origin | null;
    /** Given only when a membership comes back under its old id (a declined request reopened). */
    id?: string;
  } & Partial<MembershipPlan>,
): Promise<MembershipRecord | null> {
  const [row] = await tx
    .insert(membership)
    .values({ ...input, id: input.id ?? randomUUID() })
    .onConflictDoNothing({ target: [membership.communityId, membership.userId] })
    .returning();
  return row ?? null;
}

export async function updateMembership(
  tx: Db,
  id: string,
  patch: Partial<
    Pick<
      MembershipRecord,
      "role" | "status" | "joinedAt" | "decidedAt" | "decidedBy" | "answers" | "origin"
    > &
      MembershipPlan
  >,
): Promise<MembershipRecord> {
  const [row] = await tx.update(membership).set(patch).where(eq(membership.id, id)).returning();
  if (!row) throw new Error(`membership ${id} vanished inside its transaction`);
  return row;
}

export async function deleteMembership(tx: Db, id: string): Promise<void> {
  await tx.delete(membership).where(eq(membership.id, id));
}

/** The community's owner's membership (there is exactly one). */
export async function ownerMembership(tx: Db, communityId: string): Promise<MembershipRecord | null> {
  const [row] = await tx
    .select()
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.role, "owner")))
    .limit(1);
  return row ?? null;
}

export type JoinRequestRecord = MembershipRecord & { person: Person };

/** Pending requests, oldest first, after a `(joinedAt, id)` keyset cursor. */
export async function pendingRequests(
  db: Pick<Db, "select">,
  communityId: string,
  limit: number,
  after: { joinedAt: Date; id: string } | null,
): Promise<JoinRequestRecord[]> {
  const rows = await db
    .select({
      membership,
      person: { id: people.id, name: people.name, email: people.email, image: people.image },
    })
    .from(membership)
    .innerJoin(people, eq(people.id, membership.userId))
    .where(
      and(
        eq(membership.communityId, communityId),
        eq(membership.status, "pending"),
        after
          ? or(
              gt(membership.joinedAt, after.joinedAt),
              and(eq(membership.joinedAt, after.joinedAt), gt(membership.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(membership.joinedAt), asc(membership.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.membership, person: row.person }));
}

export async function countPending(db: Pick<Db, "select">, communityId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.status, "pending")));
  return row?.n ?? 0;
}

/** A person's own join requests still waiting, newest first. */
export async function pendingRequestsOf(db: Pick<Db, "select">, userId: string): Promise<MembershipRecord[]> {
  return db
    .select()
    .from(membership)
    .where(and(eq(membership.userId, userId), eq(membership.status, "pending")))
    .orderBy(desc(membership.joinedAt), desc(membership.id));
}

/** A person's memberships that hold or asked for a plan, newest first. */
export async function planMembershipsOf(db: Pick<Db, "select">, userId: string): Promise<MembershipRecord[]> {
  return db
    .select()
    .from(membership)
    .where(and(eq(membership.userId, userId), isNotNull(membership.planId), ne(membership.status, "banned")))
    .orderBy(desc(membership.joinedAt), desc(membership.id));
}
