import Stripe from "stripe";
import type { Db } from "#server/db/client.ts";
import { conflict, DomainError, type FieldError, invalidInput, notFound } from "#server/errors.ts";
import {
  cancelAsOrganizer,
  checkOrganizerCancel,
} from "#server/modules/registrations/registrations.service.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { addRefund, checkRefundable, lockPayment, type PaymentRow, paymentRow } from "./ledger.service.ts";
import { checkAmount } from "./ledger-rules.ts";
import { accountOfCommunity } from "./payment-account.service.ts";
import {
  type PaymentsWriteCtx,
  type PaymentView,
  requirePayments,
  viewOfRow,
} from "./payment-reads.service.ts";
import { askStripe } from "./stripe-calls.ts";
import type { StripeGateway } from "./stripe-client.ts";
import { REFUND_METADATA, refundTaken } from "./stripe-refund-events.ts";

export type RefundCtx = PaymentsWriteCtx & { stripe: StripeGateway | null };

export type RefundInput = {
  amountMinor: number;
  reason: string;
  /** A ticket's registration is canceled too, as organizers cancel it: its seat goes to the waitlist. */
  cancelRegistration?: boolean | null;
};

/**
 * The Idempotency-Key of a refund at Stripe, from our own record: the payment, what the ledger had
 * refunded of it before, and the amount. A retry of the same refund (a second click, a second tab,
 * a request repeated after a timeout) carries the same key, so Stripe answers the refund it
 * already made instead of making another; a further refund made after the first was recorded
 * carries another key.
 */
export const refundIdempotencyKey = (paymentId: string, refundedBefore: number, amountMinor: number) =>
  `commons-refund-${paymentId}-${refundedBefore}-${amountMinor}`;

/**
 * Gives money of a payment back, in full or in part, with the reason. Card payments go back
 * through Stripe's refunds API on the account that took them (the community's connected account,
 * or the operator's with STRIPE_CONNECT=off) and are recorded by Stripe's refund id, once however
 * often the refund is asked for or reported by webhook; payments recorded by hand are marked as
 * given back. With `cancelRegistration`, the ticket's registration is canceled too.
 */
export async function refundPayment(
  ctx: RefundCtx,
  paymentId: string,
  input: RefundInput,
): Promise<PaymentView> {
  const found = await readPayment(ctx.db, paymentId);
  const me = await requirePayments(ctx, found.communityId);
  const reason = input.reason.trim();
  const errors: FieldError[] = checkAmount("amountMinor", input.amountMinor, found.currency);
  if (reason === "")
    errors.push({ field: "reason", code: "REQUIRED", message: "Say why the money goes back." });
  else if (reason.length > TEXT_LIMITS.refundReason)
    errors.push({ field: "reason", code: "TOO_LONG", message: tooLongMessage("refundReason") });
  const registrationId = input.cancelRegistration ? found.registrationId : null;
  if (input.cancelRegistration && !registrationId)
    errors.push({
      field: "cancelRegistration",
      code: "NO_REGISTRATION",
      message: "This payment is not for a registration.",
    });
  if (errors.length > 0) throw invalidInput(errors);
  if (registrationId) await checkCancel(ctx, registrationId);

  const cancel = async (tx: Db) => {
    if (registrationId)
      await cancelAsOrganizer(tx, { db: ctx.db, viewer: ctx.viewer, emit: ctx.emit }, registrationId);
  };
  if (found.method !== "stripe") {
    // Canceling locks the event before the refund locks the payment and its totals, the order
    // in which a checkout's confirmation takes them too.
    const row = await ctx.db.transaction(async (tx) => {
      await cancel(tx);
      const written = await addRefund(tx, ctx.emit, {
        paymentId,
        amountMinor: input.amountMinor,
        reason,
        method: found.method,
        createdBy: me.viewer.id,
        at: ctx.clock(),
      });
      return written.payment;
    });
    return viewOfRow(ctx.db, row);
  }

  const gateway = ctx.stripe;
  if (!gateway || !found.providerRef)
    throw new DomainError("PAYMENTS_NOT_CONFIGURED", "Payments are not set up on this server.");
  // The key is decided under the payment's lock, against what the ledger has refunded so far; the
  // lock is not held while Stripe is asked (on PGlite it would stop every other statement).
  const key = await ctx.db.transaction(async (tx) => {
    const current = await lockPayment(tx, paymentId);
    const refundedBefore = await checkRefundable(tx, current, input.amountMinor);
    return refundIdempotencyKey(paymentId, refundedBefore, input.amountMinor);
  });
  const stripeAccount = await accountFor(ctx.db, gateway, found.communityId);
  const refund = await askStripe("refund the payment", async () => {
    try {
      return await gateway.stripe.refunds.create(
        {
          payment_intent: found.providerRef as string,
          amount: input.amountMinor,
          metadata: {
            [REFUND_METADATA.payment]: paymentId,
            [REFUND_METADATA.reason]: reason,
            [REFUND_METADATA.actor]: me.viewer.id,
          },
        },
        { idempotencyKey: key, ...(stripeAccount ? { stripeAccount } : {}) },
      );
    } catch (error) {
      // The same key with other parameters: the same refund, asked for with another reason (by
      // someone else at this moment, or before a recording that was lost: its webhook records it).
      if (error instanceof Stripe.errors.StripeIdempotencyError)
        throw conflict(
          "Stripe is already making this refund, asked for with another reason. Look at the payment again in a moment.",
        );
      throw error;
    }
  });
  if (!refundTaken(refund))
    throw new DomainError(
      "PAYMENT_PROVIDER_ERROR",
      `Stripe could not refund the payment (${refund.status}).`,
    );
  const row = await ctx.db.transaction(async (tx) => {
    // The money has gone back: the refund is recorded even when the registration can no longer
    // be canceled (checked in since); it stays as it is, for the organizer to see.
    if (registrationId)
      await tx.transaction(cancel).catch((error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
      });
    const written = await addRefund(tx, ctx.emit, {
      paymentId,
      amountMinor: refund.amount,
      reason,
      method: "stripe",
      providerRef: refund.id,
      createdBy: me.viewer.id,
      at: new Date(refund.created * 1000),
    });
    return written.payment;
  });
  return viewOfRow(ctx.db, row);
}

async function readPayment(db: Db, id: string): Promise<PaymentRow> {
  const row = await paymentRow(db, id);
  if (!row) throw notFound();
  return row;
}

/** The organizer's cancel, asked before any money moves; its refusal is said beside the checkbox. */
async function checkCancel(ctx: RefundCtx, registrationId: string) {
  try {
    await checkOrganizerCancel(ctx.db, ctx.viewer, registrationId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw invalidInput([{ field: "cancelRegistration", code: error.code, message: error.message }]);
  }
}

/** The Stripe account a community's card payments were taken on: undefined for the operator's own. */
export async function accountFor(
  db: Db,
  gateway: StripeGateway,
  communityId: string,
): Promise<string | undefined> {
  if (!gateway.settings.connect) return undefined;
  const account = await accountOfCommunity(db, communityId);
  if (!account)
    throw new DomainError("PAYMENTS_NOT_CONNECTED", "This community has no Stripe account to refund from.");
  return account.stripeAccountId;
}
