import type Stripe from "stripe";
import { createEmit } from "#server/modules/log/log.service.ts";
import { insertPayment, type PaymentRow } from "./ledger.service.ts";
import type { PaymentPurpose } from "./ledger.tables.ts";
import { accountOfCommunity } from "./payment-account.service.ts";
import type { PaymentsWorld } from "./payments-test-support.ts";

export type CardPaymentInput = {
  communityId: string;
  amountMinor: number;
  /** ISO 4217, any case; EUR unless told. */
  currency?: string;
  purpose?: PaymentPurpose;
  eventId?: string | null;
  registrationId?: string | null;
  payer?: { userId?: string | null; name: string; email: string };
};

export type CardPayment = {
  payment: PaymentRow;
  paymentIntentId: string;
  /** The connected account it was taken on; undefined for the operator's own (STRIPE_CONNECT=off). */
  stripeAccount: string | undefined;
};

/**
 * A card payment as Stripe Checkout takes it and checkout records it: a Checkout Session made with
 * the app's Stripe client on the community's connected account (or the operator's with
 * STRIPE_CONNECT=off), paid on the stand-in, then the ledger row checkout writes: method stripe,
 * providerRef the PaymentIntent, the fee from its balance transaction. The clock then moves on a
 * second, as after any write made beside the app (decision 014).
 */
export async function takeCardPayment(world: PaymentsWorld, input: CardPaymentInput): Promise<CardPayment> {
  const { t, standin, stripe } = world;
  const db = t.server.database.db;
  const connect = t.config.stripe?.connect ?? true;
  const stripeAccount = connect
    ? (await accountOfCommunity(db, input.communityId))?.stripeAccountId
    : undefined;
  if (connect && !stripeAccount) throw new Error("the community has no Stripe account: onboard it first");
  const options = stripeAccount ? { stripeAccount } : {};
  const currency = (input.currency ?? "EUR").toLowerCase();
  const payer = input.payer ?? { name: "Ada Guest", email: "ada.guest@example.test" };
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          price_data: { currency, unit_amount: input.amountMinor, product_data: { name: "Ticket" } },
          quantity: 1,
        },
      ],
      success_url: `${t.url}/e/paid`,
      customer_email: payer.email,
    },
    options,
  );
  standin.pay(session.id, { email: payer.email, name: payer.name });
  const paid = await stripe.checkout.sessions.retrieve(session.id, {}, options);
  const paymentIntentId = paid.payment_intent as string;
  const intent = await stripe.paymentIntents.retrieve(
    paymentIntentId,
    { expand: ["latest_charge.balance_transaction"] },
    options,
  );
  const charge = intent.latest_charge as Stripe.Charge;
  const fee = (charge.balance_transaction as Stripe.BalanceTransaction).fee;
  const emit = createEmit({ clock: t.clock.now });
  const { payment } = await db.transaction((tx) =>
    insertPayment(tx, emit, {
      communityId: input.communityId,
      payer: { userId: payer.userId ?? null, name: payer.name, email: payer.email },
      purpose: input.purpose ?? (input.registrationId ? "ticket" : "other"),
      eventId: input.eventId ?? null,
      registrationId: input.registrationId ?? null,
      amountMinor: input.amountMinor,
      feeMinor: fee,
      currency: currency.toUpperCase(),
      method: "stripe",
      providerRef: paymentIntentId,
      status: "succeeded",
      createdBy: null,
      at: new Date(intent.created * 1000),
    }),
  );
  t.clock.advance(1000);
  return { payment, paymentIntentId, stripeAccount };
}
