import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import { lastMailTo } from "#server/modules/membership/membership-test-support.ts";
import { errorCode, fieldErrors, joinWithPlan, plan } from "#server/modules/membership/plans-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser } from "#server/test/harness.ts";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import {
  checkoutUrl,
  clubWithPlan,
  emailOf,
  membershipPaymentsOf,
  paidMember,
  payCheckout,
  planColumnsOf,
  purchasesOf,
  subscribe,
} from "./member-subscriptions-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld;
beforeAll(async () => {
  world = await startPaymentsServer({ platformFeePercent: 5 });
});
afterAll(() => world.close());

const stripeSubscription = (id: string, account: string) =>
  world.stripe.subscriptions.retrieve(id, {}, { stripeAccount: account });

const myPlans = async (browser: TestBrowser) =>
  (
    await browser.graphql<{ myPlanMemberships: Record<string, unknown>[] }>(
      "{ myPlanMemberships { communityId communitySlug plan { name } status renewsAt endsAt canManageBilling } }",
    )
  ).data?.myPlanMemberships ?? [];

const actions = async (communityId: string, userId: string) =>
  (await auditTrail(world.t.server.database.db, communityId))
    .filter((entry) => entry.target === `user:${userId}` && entry.action.startsWith("membership."))
    .map((entry) => `${entry.action} ${String(entry.after?.planStatus)}`);

describe("subscribing to a priced plan", () => {
  it("starts the plan once Stripe confirms the first month: member, plan, ledger payment with its fee, log", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const ada = await quickSignIn(world.t, "Ada Guest");
    const url = await checkoutUrl(ada.browser, club.plan.id);
    // A second click while the first checkout is open answers the same checkout.
    expect(await checkoutUrl(ada.browser, club.plan.id)).toBe(url);
    expect(await planColumnsOf(world, club.communityId, ada.id)).toBeNull();

    const back = await payCheckout(url);
    expect(back).toMatch(new RegExp(`/c/${club.slug}\\?membership=paid&session=cs_test_`));
    await world.settle();

    expect(await planColumnsOf(world, club.communityId, ada.id)).toEqual({
      status: "active",
      planId: club.plan.id,
      planStatus: "active",
      planBenefits: ["members_only_events", "member_prices"],
    });
    const [purchase] = await purchasesOf(world, ada.id);
    expect(purchase).toMatchObject({
      status: "active",
      amountMinor: 1200,
      currency: "EUR",
      interval: "month",
    });
    expect(purchase?.stripeSubscriptionId).toMatch(/^sub_/);
    expect(purchase?.currentPeriodEnd?.getTime()).toBeGreaterThan(
      world.t.clock.now().getTime() + 27 * 86_400_000,
    );
    const account = purchase?.stripeAccount as string;
    const subscription = await stripeSubscription(purchase?.stripeSubscriptionId as string, account);
    expect(subscription).toMatchObject({
      application_fee_percent: 5,
      metadata: { commons_kind: "membership", commons_subscription_id: purchase?.id },
    });

    const payments = await membershipPaymentsOf(world, club.communityId);
    // Stripe's 2.9 % + €0.30 (65) and the platform's 5 % (60).
    expect(payments.map((p) => [p.amountMinor, p.feeMinor, p.status, p.method, p.payerUserId])).toEqual([
      [1200, 125, "succeeded", "stripe", ada.id],
    ]);
    expect(payments[0]?.providerRef).toMatch(/^pi_/);
    expect(await actions(club.communityId, ada.id)).toEqual(["membership.started active"]);
  });

  it("renews each period with one more payment, and the paid period moves on", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1500 });
    const ada = await paidMember(world, club.plan.id);
    const [before] = await purchasesOf(world, ada.id);
    world.standin.renewSubscription(before?.stripeSubscriptionId as string);
    await world.settle();
    const [after] = await purchasesOf(world, ada.id);
    expect(after?.status).toBe("active");
    expect(after?.currentPeriodEnd?.getTime()).toBeGreaterThan(before?.currentPeriodEnd?.getTime() ?? 0);
    expect((await membershipPaymentsOf(world, club.communityId)).map((p) => p.amountMinor)).toEqual([
      1500, 1500,
    ]);
    expect(await actions(club.communityId, ada.id)).toEqual(["membership.started active"]);
  });

  it("marks a failed renewal past due and mails the member, keeps their benefits, and is active again once paid", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1500 });
    const ada = await paidMember(world, club.plan.id);
    const [purchase] = await purchasesOf(world, ada.id);
    world.standin.failSubscriptionRenewal(purchase?.stripeSubscriptionId as string);
    await world.settle();

    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({
      planStatus: "past_due",
      planBenefits: ["members_only_events", "member_prices"],
    });
    const mail = await lastMailTo(world.t, await emailOf(world, ada.id));
    expect(mail?.subject).toBe("Your Supporter payment did not go through");
    expect(mail?.text).toContain("€15.00 a month");
    expect(mail?.text).toContain("/me");
    expect((await membershipPaymentsOf(world, club.communityId)).map((p) => p.status)).toEqual(["succeeded"]);

    world.standin.renewSubscription(purchase?.stripeSubscriptionId as string);
    await world.settle();
    expect((await planColumnsOf(world, club.communityId, ada.id))?.planStatus).toBe("active");
    expect(await actions(club.communityId, ada.id)).toEqual([
      "membership.started active",
      "membership.status_changed past_due",
      "membership.status_changed active",
    ]);
  });

  it("cancels at the period's end through the portal: benefits go on until then, and stop when it ends", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1500 });
    const event = await createEvent(club.owner, club.communityId, {
      visibility: "MEMBERS",
      ticketTypes: [{ name: "Standard", priceMinor: 2000, memberPriceMinor: 1000 }],
    });
    const ada = await paidMember(world, club.plan.id);
    const priceSeen = async (browser: TestBrowser) => {
      const result = await browser.graphql<{ event: { ticketTypes: { viewerPriceMinor: number }[] } }>(
        "query ($id: ID!) { event(id: $id) { ticketTypes { viewerPriceMinor } } }",
        { id: event.id },
      );
      return result.data?.event.ticketTypes[0]?.viewerPriceMinor ?? result.errors?.[0]?.extensions?.code;
    };
    expect(await priceSeen(ada.browser)).toBe(1000);

    const [purchase] = await purchasesOf(world, ada.id);
    const mine = await myPlans(ada.browser);
    expect(mine).toEqual([
      {
        communityId: club.communityId,
        communitySlug: club.slug,
        plan: { name: "Supporter" },
        status: "ACTIVE",
        renewsAt: purchase?.currentPeriodEnd?.toISOString(),
        endsAt: null,
        canManageBilling: true,
      },
    ]);
    const portal = await ada.browser.graphql<{ billingPortalLink: { url: string } }>(
      "mutation ($id: ID!) { billingPortalLink(communityId: $id) { url } }",
      { id: club.communityId },
    );
    const { html } = await submitHostedForm(
      portal.data?.billingPortalLink.url as string,
      "Cancel at period end",
    );
    expect(html).toContain(`href="${world.t.url}/me"`);
    await world.settle();
    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({ planStatus: "canceling" });
    expect(await priceSeen(ada.browser)).toBe(1000);
    expect((await myPlans(ada.browser))[0]).toMatchObject({
      status: "CANCELING",
      renewsAt: null,
      endsAt: purchase?.currentPeriodEnd?.toISOString(),
    });
    const stranger = await quickSignIn(world.t, "Sam Stranger");
    const refused = await stranger.browser.graphql(
      "mutation ($id: ID!) { billingPortalLink(communityId: $id) { url } }",
      { id: club.communityId },
    );
    expect(errorCode(refused)).toBe("NOT_FOUND");

    world.standin.renewSubscription(purchase?.stripeSubscriptionId as string);
    await world.settle();
    expect(await planColumnsOf(world, club.communityId, ada.id)).toEqual({
      status: "active",
      planId: club.plan.id,
      planStatus: "ended",
      planBenefits: [],
    });
    expect(await priceSeen(ada.browser)).toBe("NOT_FOUND");
    const [ended] = await purchasesOf(world, ada.id);
    expect(ended?.status).toBe("ended");
    expect(ended?.endedAt).not.toBeNull();
    expect(await actions(club.communityId, ada.id)).toEqual([
      "membership.started active",
      "membership.status_changed canceling",
      "membership.ended ended",
    ]);
    // One payment: the period that ended was paid once, and nothing was charged at its end.
    expect(await membershipPaymentsOf(world, club.communityId)).toHaveLength(1);
  });

  it("sells a `once` plan as one payment that keeps", async () => {
    const club = await clubWithPlan(world, { name: "Lifetime", interval: "ONCE", priceMinor: 30000 });
    const ada = await paidMember(world, club.plan.id);
    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({ planStatus: "active" });
    const [purchase] = await purchasesOf(world, ada.id);
    expect(purchase).toMatchObject({ status: "active", currentPeriodEnd: null, stripeSubscriptionId: null });
    const payments = await membershipPaymentsOf(world, club.communityId);
    // Stripe's 2.9 % + €0.30 (900) and the platform's 5 % (1,500).
    expect(payments.map((p) => [p.amountMinor, p.feeMinor])).toEqual([[30000, 2400]]);
  });

  it("charges a plan an admin approves first only after approval, through the link in the approval mail", async () => {
    const club = await clubWithPlan(world, {
      name: "Patron",
      interval: "YEAR",
      priceMinor: 12000,
      approvalRequired: true,
    });
    const bea = await quickSignIn(world.t, "Bea Guest");
    expect(errorCode(await subscribe(bea.browser, club.plan.id))).toBe("CONFLICT");
    const asked = await joinWithPlan(bea.browser, club.communityId, club.plan.id);
    expect(asked.data?.joinCommunity).toMatchObject({ status: "PENDING", planStatus: "REQUESTED" });
    expect(errorCode(await subscribe(bea.browser, club.plan.id))).toBe("CONFLICT");

    await club.owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }", {
      id: asked.data?.joinCommunity.id,
    });
    const mail = await lastMailTo(world.t, await emailOf(world, bea.id));
    expect(mail?.subject).toContain("one step left");
    expect(mail?.text).toContain(`/c/${club.slug}?plan=${club.plan.id}`);
    expect(mail?.text).toContain("€120.00 a year");
    expect(await membershipPaymentsOf(world, club.communityId)).toEqual([]);

    await payCheckout(await checkoutUrl(bea.browser, club.plan.id), "Bea Guest");
    await world.settle();
    expect(await planColumnsOf(world, club.communityId, bea.id)).toMatchObject({
      status: "active",
      planStatus: "active",
    });
    expect(await membershipPaymentsOf(world, club.communityId)).toHaveLength(1);
  });

  it("gives up a checkout that expired unpaid and opens a new one on the next try", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1000 });
    const ada = await quickSignIn(world.t, "Ada Guest");
    const first = await checkoutUrl(ada.browser, club.plan.id);
    world.t.clock.advance(25 * 60 * 60_000);
    world.standin.expireDueSessions();
    await world.settle();
    expect((await purchasesOf(world, ada.id)).map((p) => p.status)).toEqual(["abandoned"]);
    const second = await checkoutUrl(ada.browser, club.plan.id);
    expect(second).not.toBe(first);
    await payCheckout(second);
    await world.settle();
    expect((await purchasesOf(world, ada.id)).map((p) => p.status)).toEqual(["abandoned", "active"]);
    expect(await planColumnsOf(world, club.communityId, ada.id)).toMatchObject({ planStatus: "active" });
  });

  it("refuses what cannot be bought: a free plan, a second paid plan, an archived plan", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1000 });
    const free = await plan(club.owner, club.communityId, { name: "Friends", interval: "FREE" });
    const yearly = await plan(club.owner, club.communityId, {
      name: "Yearly",
      interval: "YEAR",
      priceMinor: 9000,
    });
    const ada = await paidMember(world, club.plan.id);
    const second = await subscribe(ada.browser, yearly.id);
    expect(errorCode(second)).toBe("CONFLICT");
    expect(second.errors?.[0]?.message).toContain("Manage billing");
    await club.owner.graphql("mutation ($id: ID!) { archiveMembershipPlan(id: $id) { id } }", {
      id: yearly.id,
    });
    const bea = await quickSignIn(world.t, "Bea Guest");
    expect(fieldErrors(await subscribe(bea.browser, free.id))).toEqual([["planId", "PLAN_IS_FREE"]]);
    expect(fieldErrors(await subscribe(bea.browser, yearly.id))).toEqual([["planId", "PLAN_UNAVAILABLE"]]);
    expect(errorCode(await subscribe(world.t.browser(), club.plan.id))).toBe("UNAUTHENTICATED");
  });
});

describe("subscription webhooks", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("ends in the state Stripe's API has when every event arrives twice and in reverse order", async () => {
    const manual = await startPaymentsServer({ webhookMode: "manual" });
    try {
      const club = await clubWithPlan(manual, { name: "Supporter", interval: "MONTH", priceMinor: 1500 });
      const ada = await quickSignIn(manual.t, "Ada Guest");
      await payCheckout(await checkoutUrl(ada.browser, club.plan.id));
      const [purchase] = await purchasesOf(manual, ada.id);
      const sessionObject = manual.standin.events().find((e) => e.event.type === "checkout.session.completed")
        ?.event.data as { object: Stripe.Checkout.Session };
      const subscriptionId = sessionObject.object.subscription as string;
      manual.standin.renewSubscription(subscriptionId);
      manual.standin.failSubscriptionRenewal(subscriptionId);
      const relevant = manual.standin
        .events()
        .filter((e) => e.owner === purchase?.stripeAccount)
        .map((e) => e.event)
        .filter((e) =>
          [
            "checkout.session.completed",
            "customer.subscription.updated",
            "invoice.paid",
            "invoice.payment_failed",
          ].includes(String(e.type)),
        );
      for (const event of [...relevant].reverse()) {
        expect((await manual.standin.webhooks.send(event)).status).toBe(200);
        expect((await manual.standin.webhooks.send(event)).status).toBe(200);
        await manual.t.drain();
      }
      expect(await planColumnsOf(manual, club.communityId, ada.id)).toMatchObject({
        status: "active",
        planStatus: "past_due",
      });
      const [after] = await purchasesOf(manual, ada.id);
      expect(after?.status).toBe("past_due");
      // Two paid invoices (the first month and one renewal), each in the ledger once.
      expect((await membershipPaymentsOf(manual, club.communityId)).map((p) => p.amountMinor)).toEqual([
        1500, 1500,
      ]);
      const started = (await auditTrail(manual.t.server.database.db, club.communityId)).filter(
        (entry) => entry.action === "membership.started",
      );
      expect(started).toHaveLength(1);
    } finally {
      await manual.close();
    }
  });
});
