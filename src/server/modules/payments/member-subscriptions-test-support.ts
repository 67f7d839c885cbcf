import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { memberSubscription, membership, payment, user } from "#server/db/schema.ts";
import { quickSignIn } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { type PlanInputShape, type PlanResult, plan } from "#server/modules/membership/plans-test-support.ts";
import type { TestBrowser } from "#server/test/harness.ts";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import { completeOnboarding } from "./onboarding-test-support.ts";
import type { PaymentsWorld } from "./payments-test-support.ts";

export const subscribe = (browser: TestBrowser, planId: string) =>
  browser.graphql<{ subscribeToPlan: { url: string } }>(
    "mutation ($id: ID!) { subscribeToPlan(planId: $id) { url } }",
    { id: planId },
  );

/** The checkout's address for a plan, checked to have been given. */
export async function checkoutUrl(browser: TestBrowser, planId: string): Promise<string> {
  const started = await subscribe(browser, planId);
  expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
  return started.data?.subscribeToPlan.url as string;
}

export const sessionIdIn = (url: string) => new URL(url).pathname.split("/").at(-1) as string;

/** The Pay button of the stand-in's hosted checkout; answers where the browser is sent back to. */
export async function payCheckout(url: string, name = "Ada Guest"): Promise<string> {
  const { answer } = await submitHostedForm(url, "Pay", { name });
  expect(answer.status).toBe(303);
  return answer.headers.get("location") as string;
}

/** A community taking payments through its own Stripe account, and one plan of it. */
export async function clubWithPlan(world: PaymentsWorld, input: PlanInputShape) {
  const made = await communityWithOwner(world.t);
  await completeOnboarding(made.owner, made.communityId);
  const offered: PlanResult = await plan(made.owner, made.communityId, input);
  return { ...made, plan: offered };
}

/** A person who paid for the plan through the hosted checkout, with every webhook handled. */
export async function paidMember(world: PaymentsWorld, planId: string, name = "Ada Guest") {
  const person = await quickSignIn(world.t, name);
  const url = await checkoutUrl(person.browser, planId);
  const back = await payCheckout(url, name);
  await world.settle();
  return { ...person, url, back, sessionId: sessionIdIn(url) };
}

const db = (world: PaymentsWorld) => world.t.server.database.db;

export async function planColumnsOf(world: PaymentsWorld, communityId: string, userId: string) {
  const [row] = await db(world)
    .select({
      status: membership.status,
      planId: membership.planId,
      planStatus: membership.planStatus,
      planBenefits: membership.planBenefits,
    })
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.userId, userId)));
  return row ?? null;
}

export const purchasesOf = (world: PaymentsWorld, userId: string) =>
  db(world)
    .select()
    .from(memberSubscription)
    .where(eq(memberSubscription.userId, userId))
    .orderBy(asc(memberSubscription.createdAt));

export const membershipPaymentsOf = (world: PaymentsWorld, communityId: string) =>
  db(world)
    .select()
    .from(payment)
    .where(and(eq(payment.communityId, communityId), eq(payment.purpose, "membership")))
    .orderBy(asc(payment.createdAt), asc(payment.id));

export async function emailOf(world: PaymentsWorld, userId: string): Promise<string> {
  const [row] = await db(world).select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email as string;
}
