import { minorUnitDigits } from "#shared/money.ts";
import { StandinError } from "./errors.ts";
import type { Cause, Owner, StandinStore, StripeObject } from "./store.ts";

/** A made-up but Stripe-like processing fee: 2.9 % plus 0.30 of the currency's unit (none for zero-decimal ones). */
export function stripeFee(amount: number, currency: string): number {
  const digits = minorUnitDigits(currency);
  return Math.round(amount * 0.029) + (digits === 0 ? 0 : 3 * 10 ** (digits - 1));
}

export type PaymentInput = {
  amount: number;
  currency: string;
  customer: string | null;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** Kept by the platform out of a connected account's payment. */
  applicationFee: number;
};

/** A card payment that succeeded: payment intent, charge and the balance transaction with its fee. */
export function createPayment(store: StandinStore, owner: Owner, input: PaymentInput, cause: Cause) {
  const now = store.seconds();
  const paymentIntentId = store.id("pi");
  const chargeId = store.id("ch");
  const stripeFeeAmount = stripeFee(input.amount, input.currency);
  const fee = Math.min(input.amount, stripeFeeAmount + input.applicationFee);
  const balanceTransaction = store.insert(owner, {
    id: store.id("txn"),
    object: "balance_transaction",
    amount: input.amount,
    available_on: now + 2 * 86_400,
    created: now,
    currency: input.currency,
    description: input.description,
    exchange_rate: null,
    fee,
    fee_details: [
      {
        amount: stripeFeeAmount,
        application: null,
        currency: input.currency,
        description: "Stripe processing fees",
        type: "stripe_fee",
      },
      ...(input.applicationFee > 0
        ? [
            {
              amount: input.applicationFee,
              application: "ca_standin",
              currency: input.currency,
              description: "Application fee",
              type: "application_fee",
            },
          ]
        : []),
    ],
    net: input.amount - fee,
    reporting_category: "charge",
    source: chargeId,
    status: "available",
    type: "charge",
  });
  const charge = store.insert(owner, {
    id: chargeId,
    object: "charge",
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    application_fee_amount: input.applicationFee || null,
    balance_transaction: balanceTransaction.id,
    billing_details: { address: null, email: input.email, name: input.name, phone: null },
    captured: true,
    created: now,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    livemode: false,
    metadata: input.metadata,
    paid: true,
    payment_intent: paymentIntentId,
    receipt_email: input.email,
    refunded: false,
    status: "succeeded",
  });
  const paymentIntent = store.insert(owner, {
    id: paymentIntentId,
    object: "payment_intent",
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.amount,
    application_fee_amount: input.applicationFee || null,
    canceled_at: null,
    capture_method: "automatic",
    created: now,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    latest_charge: chargeId,
    livemode: false,
    metadata: input.metadata,
    payment_method_types: ["card"],
    receipt_email: input.email,
    status: "succeeded",
  });
  store.emit(owner, "charge.succeeded", charge, cause);
  store.emit(owner, "payment_intent.succeeded", paymentIntent, cause);
  return { paymentIntent, charge, balanceTransaction };
}

export type RefundInput = {
  charge: StripeObject;
  amount: number | undefined;
  reason: string | null;
  metadata: Record<string, string>;
};

/** Refunds part or all of what is left of a charge; asking for more than is left is Stripe's 400. */
export function createRefund(
  store: StandinStore,
  owner: Owner,
  input: RefundInput,
  cause: Cause,
): StripeObject {
  const { charge } = input;
  const currency = String(charge.currency);
  const refunded = charge.amount_refunded as number;
  const left = (charge.amount as number) - refunded;
  if (left === 0) {
    throw new StandinError(400, `Charge ${charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  const amount = input.amount ?? left;
  if (amount > left) {
    throw new StandinError(
      400,
      `Refund amount (${amount} ${currency}) is greater than unrefunded amount on charge (${left} ${currency})`,
      { code: "amount_too_large", param: "amount" },
    );
  }
  const now = store.seconds();
  const refundId = store.id("re");
  const balanceTransaction = store.insert(owner, {
    id: store.id("txn"),
    object: "balance_transaction",
    amount: -amount,
    available_on: now,
    created: now,
    currency,
    description: "REFUND FOR CHARGE",
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: -amount,
    reporting_category: "refund",
    source: refundId,
    status: "available",
    type: "refund",
  });
  const refund = store.insert(owner, {
    id: refundId,
    object: "refund",
    amount,
    balance_transaction: balanceTransaction.id,
    charge: charge.id,
    created: now,
    currency,
    metadata: input.metadata,
    payment_intent: charge.payment_intent,
    reason: input.reason,
    status: "succeeded",
  });
  const previous = { amount_refunded: refunded, refunded: charge.refunded };
  charge.amount_refunded = refunded + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  store.emit(owner, "charge.refunded", charge, cause, previous);
  store.emit(owner, "refund.created", refund, cause);
  return refund;
}
