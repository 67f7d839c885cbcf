import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import {
  BILLING_FIELD_LABELS,
  type BillingDetailsField,
  type BillingDetailsValues,
  billingDetailsProblems,
  normalizeBillingDetails,
} from "#shared/billing-details.ts";
import {
  type PaymentsCtx,
  type PaymentsWriteCtx,
  requirePayments,
  seesPayments,
} from "./payment-reads.service.ts";
import { billingDetails } from "./payments.tables.ts";

export type BillingDetails = BillingDetailsValues;

/** The details as settings → payments shows them: when they were last saved, if ever. */
export type BillingDetailsView = BillingDetails & { communityId: string; updatedAt: Date | null };

const NONE: BillingDetails = { legalName: "", address: "", taxNote: "" };
const FIELDS = Object.keys(BILLING_FIELD_LABELS) as BillingDetailsField[];

/** Who sells, as the community's receipts name them; empty fields when nothing was set. */
export async function billingDetailsOf(db: Db, communityId: string): Promise<BillingDetails> {
  const [row] = await db
    .select({
      legalName: billingDetails.legalName,
      address: billingDetails.address,
      taxNote: billingDetails.taxNote,
    })
    .from(billingDetails)
    .where(eq(billingDetails.communityId, communityId));
  return row ?? NONE;
}

async function viewOf(db: Db, communityId: string): Promise<BillingDetailsView> {
  const [row] = await db
    .select({
      legalName: billingDetails.legalName,
      address: billingDetails.address,
      taxNote: billingDetails.taxNote,
      updatedAt: billingDetails.updatedAt,
    })
    .from(billingDetails)
    .where(eq(billingDetails.communityId, communityId));
  return { communityId, ...(row ?? { ...NONE, updatedAt: null }) };
}

/** The receipt details for those who manage payments; null for everyone else in the community. */
export async function billingDetailsFor(
  ctx: PaymentsCtx,
  communityId: string,
): Promise<BillingDetailsView | null> {
  if (!(await seesPayments(ctx, communityId))) return null;
  return viewOf(ctx.db, communityId);
}

/**
 * Sets what the community's receipts say of the seller, all three fields at once (an empty one
 * is unset). Values are stored as receipts print them; nothing changed writes nothing.
 */
export async function updateBillingDetails(
  ctx: PaymentsWriteCtx,
  communityId: string,
  input: BillingDetails,
): Promise<BillingDetailsView> {
  const member = await requirePayments(ctx, communityId);
  const values = normalizeBillingDetails(input);
  const problems = billingDetailsProblems(values);
  if (problems.length > 0) {
    const named = problems.map((p) => `${BILLING_FIELD_LABELS[p.field]}: ${p.message}`).join(" ");
    throw new DomainError("BAD_USER_INPUT", named, problems);
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.communityId, communityId))
      .for("update");
    const before = row ?? NONE;
    const changed = FIELDS.filter((field) => before[field] !== values[field]);
    if (changed.length === 0) return viewOf(tx, communityId);
    const now = ctx.clock();
    await tx
      .insert(billingDetails)
      .values({ communityId, ...values, updatedAt: now, updatedBy: member.viewer.id })
      .onConflictDoUpdate({
        target: billingDetails.communityId,
        set: { ...values, updatedAt: now, updatedBy: member.viewer.id },
      });
    await ctx.emit(tx, {
      type: "community.billing_details_changed",
      communityId,
      actorId: member.viewer.id,
      payload: {
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, values[field]])),
      },
    });
    return { communityId, ...values, updatedAt: now };
  });
}
