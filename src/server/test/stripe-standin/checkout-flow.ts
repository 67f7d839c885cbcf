import type { StandinContext } from "./context.ts";
import { StandinError } from "./errors.ts";
import { createPayment } from "./money-movement.ts";
import type { Cause, StripeObject } from "./store.ts";
import { startSubscription } from "./subscriptions.ts";

export type PayerDetails = { email: string | null; name: string | null };

const sessionOwner = (ctx: StandinContext, session: StripeObject) => ctx.store.ownerOf(session.id) ?? null;

/** An open session past its `expires_at` expires when next looked at, as Stripe's own sweep would have done. */
export function expireIfDue(ctx: StandinContext, session: StripeObject): StripeObject {
  if (session.status === "open" && (session.expires_at as number) <= ctx.store.seconds()) {
    expireSession(ctx, session, null);
  }
  return session;
}

export function expireSession(ctx: StandinContext, session: StripeObject, cause: Cause): StripeObject {
  if (session.status !== "open") {
    throw new StandinError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.', {
      code: "checkout_session_not_open",
    });
  }
  session.status = "expired";
  session.url = null;
  ctx.store.emit(sessionOwner(ctx, session), "checkout.session.expired", session, cause);
  return session;
}

/** Every open session whose time is up; returns the ones it expired. */
export function expireDueSessions(ctx: StandinContext): StripeObject[] {
  const owners = new Set([null, ...ctx.store.all(null, "account").map((account) => account.id)]);
  return [...owners].flatMap((owner) =>
    ctx.store
      .all(owner, "checkout.session")
      .filter((session) => session.status === "open" && (session.expires_at as number) <= ctx.store.seconds())
      .map((session) => expireSession(ctx, session, null)),
  );
}

/**
 * The buyer pays on the hosted page: money moves, the session completes, `checkout.session.completed`
 * is sent last. Answers where the browser goes next (success_url with the session id filled in).
 */
export function completeCheckout(ctx: StandinContext, session: StripeObject, payer: PayerDetails): string {
  expireIfDue(ctx, session);
  if (session.status !== "open") {
    throw new StandinError(
      400,
      `This Checkout Session is ${String(session.status)}: it can no longer be paid.`,
      {
        code: "checkout_session_not_open",
      },
    );
  }
  const { store } = ctx;
  const owner = sessionOwner(ctx, session);
  const email = payer.email ?? (session.customer_email as string | null);
  const name = payer.name;
  const extras = ctx.checkouts.get(session.id);
  if (!extras)
    throw new StandinError(500, `Checkout Session ${session.id} lost its line items.`, { type: "api_error" });
  let customer = session.customer ? store.get(String(session.customer), owner, "customer") : null;
  if (session.mode === "subscription") {
    if (!customer) {
      customer = store.insert(owner, {
        id: store.id("cus"),
        object: "customer",
        created: store.seconds(),
        email,
        livemode: false,
        metadata: {},
        name,
      });
      store.emit(owner, "customer.created", customer, null);
    }
    const { subscription, invoice } = startSubscription(
      ctx,
      owner,
      {
        customer,
        items: extras.lineItems.map((item) => ({
          price: item.price as StripeObject,
          quantity: item.quantity as number,
        })),
        metadata: extras.subscriptionData.metadata,
        applicationFeePercent: extras.subscriptionData.applicationFeePercent,
      },
      null,
    );
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.customer = customer.id;
  } else {
    const data = extras.paymentIntentData;
    const { paymentIntent } = createPayment(
      store,
      owner,
      {
        amount: session.amount_total as number,
        currency: String(session.currency),
        customer: customer?.id ?? null,
        email,
        name,
        description: data.description,
        metadata: data.metadata,
        applicationFee: data.applicationFeeAmount,
      },
      null,
    );
    session.payment_intent = paymentIntent.id;
  }
  session.status = "complete";
  session.payment_status = "paid";
  session.url = null;
  session.customer_details = { address: null, email, name, phone: null, tax_exempt: "none", tax_ids: [] };
  store.emit(owner, "checkout.session.completed", session, null);
  return String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}
