import { setAccountStatus } from "./api-accounts.ts";
import { completeCheckout, expireIfDue } from "./checkout-flow.ts";
import type { StandinApp, StandinContext } from "./context.ts";
import { StandinError } from "./errors.ts";
import { escapeHtml, messagePage, money, page } from "./pages.ts";
import type { StripeObject } from "./store.ts";
import { setCancelAtPeriodEnd } from "./subscriptions.ts";

const field = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};

/** The pages a person sees on "Stripe": Connect onboarding, Checkout, the customer portal, the Express dashboard. */
export function hostedRoutes(app: StandinApp, ctx: StandinContext): void {
  const { store } = ctx;
  const notFound = (what: string) => messagePage("Not found", `This ${what} does not exist.`);

  const lookup = (id: string, object: string): StripeObject | undefined => {
    const owner = store.ownerOf(id);
    return owner === undefined ? undefined : store.find(id, owner, object);
  };

  app.get("/connect/onboarding/:token", (c) => {
    const link = ctx.onboardingLinks.get(c.req.param("token"));
    if (!link) return c.html(notFound("onboarding link"), 404);
    if (link.used || link.expiresAt <= store.seconds()) return c.redirect(link.refreshUrl, 303);
    const account = store.get(link.account, null, "account");
    const action = `/connect/onboarding/${escapeHtml(c.req.param("token"))}`;
    return c.html(
      page(
        "Set up payments",
        `<p>Account <strong>${escapeHtml(account.id)}</strong>${account.email ? ` (${escapeHtml(account.email)})` : ""}.</p>
<p>Stripe would ask here for the business's details and bank account.</p>
<div class="actions">
<form method="post" action="${action}/complete"><button class="primary" type="submit">Complete onboarding</button></form>
<form method="post" action="${action}/later"><button class="secondary" type="submit">Save and finish later</button></form>
</div>`,
      ),
    );
  });

  app.post("/connect/onboarding/:token/:choice{complete|later}", (c) => {
    const link = ctx.onboardingLinks.get(c.req.param("token"));
    if (!link) return c.html(notFound("onboarding link"), 404);
    if (link.used || link.expiresAt <= store.seconds()) return c.redirect(link.refreshUrl, 303);
    link.used = true;
    if (c.req.param("choice") === "complete") {
      setAccountStatus(
        ctx,
        link.account,
        { details_submitted: true, charges_enabled: true, payouts_enabled: true },
        null,
      );
    }
    return c.redirect(link.returnUrl, 303);
  });

  app.get("/connect/dashboard/:account", (c) => {
    const account = store.find(c.req.param("account"), null, "account");
    if (!account) return c.html(notFound("account"), 404);
    const rows = store
      .all(account.id, "charge")
      .slice(-20)
      .reverse()
      .map(
        (charge) =>
          `<tr><td>${escapeHtml(charge.id)}</td><td>${escapeHtml(charge.refunded ? "refunded" : charge.amount_refunded ? "partially refunded" : "succeeded")}</td><td class="amount">${escapeHtml(money(charge.amount, charge.currency))}</td></tr>`,
      )
      .join("");
    return c.html(
      page(
        "Dashboard",
        `<p>Account <strong>${escapeHtml(account.id)}</strong>: charges ${account.charges_enabled ? "enabled" : "not enabled"}, payouts ${account.payouts_enabled ? "enabled" : "not enabled"}.</p>
<table><caption>Latest payments</caption><thead><tr><th scope="col">Charge</th><th scope="col">Status</th><th scope="col" class="amount">Amount</th></tr></thead><tbody>${rows}</tbody></table>`,
      ),
    );
  });

  app.get("/checkout/:id", (c) => {
    const session = lookup(c.req.param("id"), "checkout.session");
    if (!session) return c.html(notFound("checkout"), 404);
    expireIfDue(ctx, session);
    if (session.status === "complete") {
      return c.html(
        messagePage("Already paid", "This checkout is complete.", {
          href: String(session.success_url),
          label: "Continue",
        }),
      );
    }
    if (session.status !== "open") {
      const back = session.cancel_url ? { href: String(session.cancel_url), label: "Go back" } : undefined;
      return c.html(
        messagePage("Checkout expired", "This checkout has expired; nothing was charged.", back),
        410,
      );
    }
    const items = (ctx.checkouts.get(session.id)?.lineItems ?? [])
      .map((item) => {
        const recurring = (item.price as { recurring: { interval: string } | null }).recurring;
        const per = recurring ? ` per ${recurring.interval}` : "";
        return `<tr><td>${escapeHtml(item.description)} × ${escapeHtml(item.quantity)}</td><td class="amount">${escapeHtml(money(item.amount_total, item.currency))}${escapeHtml(per)}</td></tr>`;
      })
      .join("");
    const total = money(session.amount_total, session.currency);
    const action = `/checkout/${escapeHtml(session.id)}`;
    return c.html(
      page(
        "Checkout",
        `<table><caption>Order</caption><thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${items}</tbody><tfoot><tr><th scope="row">Total</th><td class="amount">${escapeHtml(total)}</td></tr></tfoot></table>
<form method="post" action="${action}/pay">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(session.customer_email ?? "")}">
<label for="name">Name on card</label>
<input id="name" name="name" type="text" autocomplete="cc-name" required>
<div class="actions"><button class="primary" type="submit">Pay ${escapeHtml(total)}</button></div>
</form>
<form method="post" action="${action}/cancel"><div class="actions"><button class="secondary" type="submit">Cancel</button></div></form>`,
      ),
    );
  });

  app.post("/checkout/:id/pay", async (c) => {
    const session = lookup(c.req.param("id"), "checkout.session");
    if (!session) return c.html(notFound("checkout"), 404);
    const form = await c.req.parseBody();
    try {
      return c.redirect(
        completeCheckout(ctx, session, { email: field(form, "email"), name: field(form, "name") }),
        303,
      );
    } catch (error) {
      if (!(error instanceof StandinError)) throw error;
      return c.html(messagePage("Payment not possible", error.message), 409);
    }
  });

  app.post("/checkout/:id/cancel", (c) => {
    const session = lookup(c.req.param("id"), "checkout.session");
    if (!session) return c.html(notFound("checkout"), 404);
    if (session.cancel_url) return c.redirect(String(session.cancel_url), 303);
    return c.html(messagePage("Checkout canceled", "Nothing was charged. You can close this page."));
  });

  app.get("/billing/:id", (c) => {
    const portal = lookup(c.req.param("id"), "billing_portal.session");
    if (!portal) return c.html(notFound("customer portal session"), 404);
    const owner = store.ownerOf(portal.id) ?? null;
    const rows = store
      .all(owner, "subscription")
      .filter((subscription) => subscription.customer === portal.customer)
      .map((subscription) => portalRow(ctx, portal, subscription))
      .join("");
    const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>` : "";
    return c.html(
      page(
        "Your subscriptions",
        `<table><caption>Subscriptions</caption><thead><tr><th scope="col">Plan</th><th scope="col">Status</th><th scope="col">Change</th></tr></thead><tbody>${rows}</tbody></table>${back}`,
      ),
    );
  });

  app.post("/billing/:id/subscriptions/:subscription/:choice{cancel|resume}", (c) => {
    const portal = lookup(c.req.param("id"), "billing_portal.session");
    const subscription = lookup(c.req.param("subscription"), "subscription");
    if (!portal || !subscription || subscription.customer !== portal.customer) {
      return c.html(notFound("subscription"), 404);
    }
    setCancelAtPeriodEnd(ctx, subscription.id, c.req.param("choice") === "cancel", null);
    return c.redirect(`/billing/${portal.id}`, 303);
  });
}

function portalRow(ctx: StandinContext, portal: StripeObject, subscription: StripeObject): string {
  const item = (subscription.items as { data: Array<{ price: StripeObject; current_period_end: number }> })
    .data[0];
  const price = item?.price;
  const product = price
    ? ctx.store.find(String(price.product), ctx.store.ownerOf(subscription.id) ?? null)
    : undefined;
  const recurring = price?.recurring as { interval: string } | undefined;
  const until = item ? new Date(item.current_period_end * 1000).toISOString().slice(0, 10) : "";
  const status = subscription.cancel_at_period_end
    ? `${subscription.status}, ends ${until}`
    : `${subscription.status}, renews ${until}`;
  const action = `/billing/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}`;
  const change =
    subscription.status === "canceled"
      ? "—"
      : subscription.cancel_at_period_end
        ? `<form class="inline" method="post" action="${action}/resume"><button class="secondary" type="submit">Keep subscription</button></form>`
        : `<form class="inline" method="post" action="${action}/cancel"><button class="secondary" type="submit">Cancel at period end</button></form>`;
  return `<tr><td>${escapeHtml(product?.name ?? "Plan")}: ${escapeHtml(price ? money(price.unit_amount, price.currency) : "")} per ${escapeHtml(recurring?.interval ?? "period")}</td><td>${escapeHtml(status)}</td><td>${change}</td></tr>`;
}
