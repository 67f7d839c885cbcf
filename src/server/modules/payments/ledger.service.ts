import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conflict, invalidInput, notFound } from "#server/errors.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { formatMoney } from "#shared/money.ts";
import { type PaymentMethod, type PaymentPurpose, payment, paymentRefund } from "./ledger.tables.ts";
import { checkAmount, checkCurrency, statusAfterRefunds } from "./ledger-rules.ts";

// The ledger's writes, shared by payments recorded by hand and (later) by Stripe's: each runs in
// the caller's transaction and emits its domain event there, so the log and the ledger agree.

/** A payment as the services read it (the search text is the search's own). */
export type PaymentRow = Omit<typeof payment.$inferSelect, "searchText">;
export type RefundRow = typeof paymentRefund.$inferSelect;

export type NewPayment = {
  communityId: string;
  payer: { userId: string | null; name: string; email: string | null };
  purpose: PaymentPurpose;
  eventId: string | null;
  registrationId: string | null;
  /** The plan a membership payment paid for. */
  planId?: string | null;
  amountMinor: number;
  feeMinor?: number;
  currency: string;
  method: PaymentMethod;
  providerRef?: string | null;
  note?: string;
  /** A payment starts pending while its provider has not answered; one recorded by hand has succeeded. */
  status: "pending" | "succeeded" | "failed";
  createdBy: string | null;
  at: Date;
};

const facts = (row: PaymentRow) => ({
  paymentId: row.id,
  amountMinor: row.amountMinor,
  currency: row.currency,
  method: row.method,
  purpose: row.purpose,
  eventId: row.eventId,
  registrationId: row.registrationId,
});

async function emitOutcome(tx: Db, emit: Emit, row: PaymentRow, actorId: string | null) {
  if (row.status === "succeeded")
    await emit(tx, {
      type: "payment.succeeded",
      communityId: row.communityId,
      actorId,
      subjectId: row.payerUserId,
      payload: { ...facts(row), feeMinor: row.feeMinor },
    });
  else if (row.status === "failed")
    await emit(tx, {
      type: "payment.failed",
      communityId: row.communityId,
      actorId,
      subjectId: row.payerUserId,
      payload: facts(row),
    });
}

/**
 * Writes a payment. A provider's reference is taken once: writing the same one again (a webhook
 * delivered twice) returns the row already there, unchanged, with `created` false.
 */
export async function insertPayment(
  tx: Db,
  emit: Emit,
  input: NewPayment,
): Promise<{ payment: PaymentRow; created: boolean }> {
  const { currency, errors } = checkCurrency("currency", input.currency);
  errors.push(...checkAmount("amountMinor", input.amountMinor, currency));
  const fee = input.feeMinor ?? 0;
  if (!Number.isSafeInteger(fee) || fee < 0 || fee > input.amountMinor)
    errors.push({
      field: "feeMinor",
      code: "OUT_OF_RANGE",
      message: "A fee is between zero and the amount.",
    });
  if (errors.length > 0 || !currency) throw invalidInput(errors);
  const [row] = await tx
    .insert(payment)
    .values({
      id: randomUUID(),
      communityId: input.communityId,
      payerUserId: input.payer.userId,
      payerName: input.payer.name,
      payerEmail: input.payer.email,
      purpose: input.purpose,
      eventId: input.eventId,
      registrationId: input.registrationId,
      planId: input.planId ?? null,
      amountMinor: input.amountMinor,
      feeMinor: fee,
      currency,
      status: input.status,
      method: input.method,
      providerRef: input.providerRef ?? null,
      note: input.note ?? "",
      createdAt: input.at,
      succeededAt: input.status === "succeeded" ? input.at : null,
      createdBy: input.createdBy,
    })
    .onConflictDoNothing({ target: [payment.method, payment.providerRef] })
    .returning();
  if (row) {
    await emitOutcome(tx, emit, row, input.createdBy);
    return { payment: row, created: true };
  }
  const [existing] = await tx
    .select()
    .from(payment)
    .where(and(eq(payment.method, input.method), eq(payment.providerRef, input.providerRef ?? "")))
    .limit(1);
  if (!existing) throw new Error("a payment with this provider reference vanished");
  return { payment: existing, created: false };
}

/** A ledger row by id, outside any viewer (receipts, and callers that check access themselves). */
export async function paymentRow(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payment).where(eq(payment.id, id)).limit(1);
  return row ?? null;
}

/** The payment a provider's reference names (a Stripe PaymentIntent), or null. */
export async function paymentByProviderRef(
  db: Db,
  method: PaymentMethod,
  providerRef: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.method, method), eq(payment.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/** The payment, locked until the caller's transaction ends: refunds and outcomes queue behind it. */
export async function lockPayment(tx: Db, id: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payment).where(eq(payment.id, id)).for("update").limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * A pending payment's outcome from its provider. Only a pending payment moves; an outcome that
 * arrives again (or late) leaves the payment as it is and emits nothing.
 */
export async function settlePayment(
  tx: Db,
  emit: Emit,
  id: string,
  outcome: { status: "succeeded"; at: Date; feeMinor?: number } | { status: "failed"; at: Date },
): Promise<PaymentRow> {
  const current = await lockPayment(tx, id);
  if (current.status !== "pending") return current;
  const fee = outcome.status === "succeeded" ? (outcome.feeMinor ?? current.feeMinor) : current.feeMinor;
  if (!Number.isSafeInteger(fee) || fee < 0 || fee > current.amountMinor)
    throw invalidInput([
      { field: "feeMinor", code: "OUT_OF_RANGE", message: "A fee is between zero and the amount." },
    ]);
  const [row] = await tx
    .update(payment)
    .set({
      status: outcome.status,
      feeMinor: fee,
      succeededAt: outcome.status === "succeeded" ? outcome.at : null,
    })
    .where(eq(payment.id, id))
    .returning();
  if (!row) throw notFound();
  await emitOutcome(tx, emit, row, null);
  return row;
}

/** Everything refunded of a payment so far, in its minor units. */
export async function refundedOf(tx: Pick<Db, "execute">, paymentId: string): Promise<number> {
  const result = await tx.execute(
    sql`select coalesce(sum(amount_minor), 0) as refunded from payment_refund where payment_id = ${paymentId}`,
  );
  const [row] = (result as unknown as { rows: { refunded: string | number }[] }).rows;
  return Number(row?.refunded ?? 0);
}

/**
 * What was refunded of a payment so far, once it is sure `amountMinor` more may go back: the
 * payment went through and that much is left. Call with the payment's row locked.
 */
export async function checkRefundable(tx: Db, current: PaymentRow, amountMinor: number): Promise<number> {
  if (current.status === "refunded") throw conflict("This payment has already been refunded in full.");
  if (current.status !== "succeeded" && current.status !== "partially_refunded")
    throw conflict("Only a payment that went through can be refunded.");
  const refunded = await refundedOf(tx, current.id);
  const left = current.amountMinor - refunded;
  const errors = checkAmount("amountMinor", amountMinor, current.currency);
  if (errors.length === 0 && amountMinor > left)
    errors.push({
      field: "amountMinor",
      code: "MORE_THAN_LEFT",
      message: `At most ${formatMoney(left, current.currency)} is left to refund.`,
    });
  if (errors.length > 0) throw invalidInput(errors);
  return refunded;
}

export type NewRefund = {
  paymentId: string;
  amountMinor: number;
  reason: string;
  method: PaymentMethod;
  providerRef?: string | null;
  createdBy: string | null;
  at: Date;
};

/**
 * Gives back part or all of what is left of a payment. The payment's row is locked first, so two
 * refunds at once are counted one after the other and together never exceed the amount; the
 * status then follows from the refunds (`statusAfterRefunds`). A provider's refund reference is
 * taken once: the same one again returns the refund already written.
 */
export async function addRefund(
  tx: Db,
  emit: Emit,
  input: NewRefund,
): Promise<{ payment: PaymentRow; refund: RefundRow; created: boolean }> {
  const current = await lockPayment(tx, input.paymentId);
  if (input.providerRef) {
    const [existing] = await tx
      .select()
      .from(paymentRefund)
      .where(and(eq(paymentRefund.method, input.method), eq(paymentRefund.providerRef, input.providerRef)))
      .limit(1);
    if (existing) return { payment: current, refund: existing, created: false };
  }
  const refunded = await checkRefundable(tx, current, input.amountMinor);
  const status = statusAfterRefunds(current.amountMinor, refunded + input.amountMinor);
  // The status first: a refund's totals row is then the only row of totals this locks.
  const [updated] = await tx.update(payment).set({ status }).where(eq(payment.id, current.id)).returning();
  const [refund] = await tx
    .insert(paymentRefund)
    .values({
      id: randomUUID(),
      paymentId: current.id,
      communityId: current.communityId,
      currency: current.currency,
      amountMinor: input.amountMinor,
      reason: input.reason,
      method: input.method,
      providerRef: input.providerRef ?? null,
      createdAt: input.at,
      createdBy: input.createdBy,
    })
    .returning();
  if (!updated || !refund) throw new Error("the refund was not written");
  await emit(tx, {
    type: "payment.refunded",
    communityId: current.communityId,
    actorId: input.createdBy,
    subjectId: current.payerUserId,
    payload: {
      ...facts(updated),
      refundId: refund.id,
      refundMinor: refund.amountMinor,
      refundedMinor: refunded + refund.amountMinor,
      status: status === "refunded" ? "refunded" : "partially_refunded",
      reason: refund.reason,
    },
  });
  return { payment: updated, refund, created: true };
}
