import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, max } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, invalidInput, notFound } from "#server/errors.ts";
import { findCommunity, setPlansOffered } from "#server/modules/communities/community-lookup.service.ts";
import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { type MembersCtx, requireCapability } from "#server/modules/members/members.service.ts";
import { updateHoldersBenefits } from "#server/modules/members/membership-records.service.ts";
import { isFreeInterval, MAX_PLANS, type PlanBenefit } from "#shared/plans.ts";
import { membershipPlan } from "./plans.tables.ts";
import { benefitsOf, type PlanInput, type ValidPlan, validatePlan } from "./plans.validation.ts";

export type PlansCtx = MembersCtx & { clock: () => Date; emit: Emit; payments: PaymentsGate };
export type PlanRow = typeof membershipPlan.$inferSelect;
/** A plan with the benefits memberships copy from it. */
export type Plan = PlanRow & { benefits: PlanBenefit[] };

const MANAGE = "Only admins and the owner manage membership plans.";

const withBenefits = (row: PlanRow): Plan => ({ ...row, benefits: benefitsOf(row) });

/** Keeps the community's "offers plans" mark in step with its plans, in the change's transaction. */
async function markOffered(tx: Db, communityId: string): Promise<void> {
  const [row] = await tx
    .select({ offered: count() })
    .from(membershipPlan)
    .where(and(eq(membershipPlan.communityId, communityId), isNull(membershipPlan.archivedAt)));
  await setPlansOffered(tx, communityId, (row?.offered ?? 0) > 0);
}

export async function planById(db: Pick<Db, "select">, id: string): Promise<Plan | null> {
  const [row] = await db.select().from(membershipPlan).where(eq(membershipPlan.id, id)).limit(1);
  return row ? withBenefits(row) : null;
}

/** The plans a community offers now, in their order: what `/c/{slug}` shows anyone. */
export async function offeredPlans(db: Pick<Db, "select">, communityId: string): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(membershipPlan)
    .where(and(eq(membershipPlan.communityId, communityId), isNull(membershipPlan.archivedAt)))
    .orderBy(asc(membershipPlan.position), asc(membershipPlan.id));
  return rows.map(withBenefits);
}

/** Every plan of a community, archived ones too; authorization is the caller's. */
export async function communityPlans(db: Pick<Db, "select">, communityId: string): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(membershipPlan)
    .where(eq(membershipPlan.communityId, communityId))
    .orderBy(asc(membershipPlan.position), asc(membershipPlan.id));
  return rows.map(withBenefits);
}

/**
 * Every plan of a community, archived ones too: for those who manage them and for those who see
 * the member table (its plan filter names them).
 */
export async function managedPlans(ctx: PlansCtx, communityId: string): Promise<Plan[]> {
  await requireCapability(ctx, communityId, "members.view", "Only organizers and admins see every plan.");
  return communityPlans(ctx.db, communityId);
}

/** The plans of several communities' memberships, by id, in one statement. */
export async function plansByIds(db: Pick<Db, "select">, ids: readonly string[]): Promise<Map<string, Plan>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(membershipPlan).where(inArray(membershipPlan.id, unique));
  return new Map(rows.map((row) => [row.id, withBenefits(row)]));
}

const fieldsOf = (row: PlanRow | ValidPlan) => ({
  name: row.name,
  description: row.description,
  priceMinor: row.priceMinor,
  interval: row.interval,
  membersOnlyEvents: row.membersOnlyEvents,
  memberPrices: row.memberPrices,
  approvalRequired: row.approvalRequired,
});

/** A priced plan needs a community that takes payments: PAYMENTS_NOT_CONNECTED beside the price. */
async function requirePayments(ctx: PlansCtx, communityId: string, value: ValidPlan) {
  if (isFreeInterval(value.interval) || (await ctx.payments.canTakePayments(ctx.db, communityId))) return;
  const message = "Connect Stripe in settings → payments before charging for a plan, or make it free.";
  throw new DomainError("PAYMENTS_NOT_CONNECTED", message, [
    { field: "priceMinor", code: "PAYMENTS_NOT_CONNECTED", message },
  ]);
}

function validOrThrow(input: PlanInput): ValidPlan {
  const { value, errors } = validatePlan(input);
  if (errors.length > 0) throw invalidInput(errors);
  return value;
}

export async function createPlan(ctx: PlansCtx, communityId: string, input: PlanInput): Promise<Plan> {
  const member = await requireCapability(ctx, communityId, "payments.manage", MANAGE);
  const value = validOrThrow(input);
  await requirePayments(ctx, communityId, value);
  const id = randomUUID();
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const community = await findCommunity(tx, communityId);
    if (!community) throw notFound();
    const [totals] = await tx
      .select({ plans: count(), last: max(membershipPlan.position) })
      .from(membershipPlan)
      .where(eq(membershipPlan.communityId, communityId));
    if ((totals?.plans ?? 0) >= MAX_PLANS)
      throw invalidInput([
        { field: "name", code: "TOO_MANY", message: `A community offers at most ${MAX_PLANS} plans.` },
      ]);
    const [row] = await tx
      .insert(membershipPlan)
      .values({
        id,
        communityId,
        ...value,
        currency: community.currency,
        position: (totals?.last ?? -1) + 1,
        createdBy: member.viewer.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw notFound();
    await markOffered(tx, communityId);
    await ctx.emit(tx, {
      type: "membership_plan.created",
      communityId,
      actorId: member.viewer.id,
      payload: { planId: id, name: row.name, after: { ...fieldsOf(row), currency: row.currency } },
    });
    return withBenefits(row);
  });
}

/** Locks a plan for a change by someone who manages the community's plans. */
async function lockManaged(tx: Db, ctx: PlansCtx, id: string) {
  const [found] = await tx
    .select({ communityId: membershipPlan.communityId })
    .from(membershipPlan)
    .where(eq(membershipPlan.id, id));
  if (!found) throw notFound();
  const member = await requireCapability(
    { db: tx, viewer: ctx.viewer },
    found.communityId,
    "payments.manage",
    MANAGE,
  );
  const [row] = await tx.select().from(membershipPlan).where(eq(membershipPlan.id, id)).for("update");
  if (!row) throw notFound();
  return { row, member };
}

/**
 * Changes a plan. A new price or interval applies to purchases from now on (members keep what
 * they bought); new benefits apply at once to everyone holding the plan.
 */
export async function updatePlan(ctx: PlansCtx, id: string, input: PlanInput): Promise<Plan> {
  const value = validOrThrow(input);
  return ctx.db.transaction(async (tx) => {
    const { row, member } = await lockManaged(tx, ctx, id);
    if (value.priceMinor !== row.priceMinor || value.interval !== row.interval)
      await requirePayments({ ...ctx, db: tx }, row.communityId, value);
    const [after] = await tx
      .update(membershipPlan)
      .set({ ...value, updatedAt: ctx.clock() })
      .where(eq(membershipPlan.id, id))
      .returning();
    if (!after) throw notFound();
    const before = benefitsOf(row);
    const now = benefitsOf(after);
    if (before.join() !== now.join()) await updateHoldersBenefits(tx, id, now);
    await ctx.emit(tx, {
      type: "membership_plan.updated",
      communityId: row.communityId,
      actorId: member.viewer.id,
      payload: { planId: id, name: after.name, before: fieldsOf(row), after: fieldsOf(after) },
    });
    return withBenefits(after);
  });
}

/** The plan takes no new members; those holding it keep it. Archiving again changes nothing. */
export async function archivePlan(ctx: PlansCtx, id: string): Promise<Plan> {
  return ctx.db.transaction(async (tx) => {
    const { row, member } = await lockManaged(tx, ctx, id);
    if (row.archivedAt) return withBenefits(row);
    const [after] = await tx
      .update(membershipPlan)
      .set({ archivedAt: ctx.clock(), updatedAt: ctx.clock() })
      .where(eq(membershipPlan.id, id))
      .returning();
    if (!after) throw notFound();
    await markOffered(tx, row.communityId);
    await ctx.emit(tx, {
      type: "membership_plan.archived",
      communityId: row.communityId,
      actorId: member.viewer.id,
      payload: { planId: id, name: row.name },
    });
    return withBenefits(after);
  });
}
