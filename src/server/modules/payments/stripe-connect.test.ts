import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitHostedForm } from "#server/test/stripe-standin/hosted-page-client.ts";
import { createStripeClient } from "./stripe-client.ts";
import { type StripeWorld, startStripeWorld } from "./stripe-standin.test-support.ts";

let world: StripeWorld;
beforeEach(async () => {
  world = await startStripeWorld();
});
afterEach(() => world.close());

const urls = {
  refresh_url: "http://127.0.0.1:3000/dashboard/c1/edit?stripe=refresh",
  return_url: "http://127.0.0.1:3000/dashboard/c1/edit?stripe=return",
};

describe("Connect against the stand-in, through the official library", () => {
  it("creates an account that cannot take payments until onboarding is completed on the hosted page", async () => {
    const { stripe } = world;
    const account = await stripe.accounts.create({ type: "express", email: "club@example.test" });
    expect(account).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      ...urls,
    });
    const { answer } = await submitHostedForm(link.url, "Complete onboarding");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(urls.return_url);

    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    await world.settle();
    const updated = world.receiver.accepted.find((event) => event.type === "account.updated");
    expect(updated?.account).toBe(account.id);
    expect(updated?.data.previous_attributes).toMatchObject({ charges_enabled: false });
  });

  it("leaves the account incomplete when the organizer saves for later, and a used link goes to refresh_url", async () => {
    const { stripe } = world;
    const account = await stripe.accounts.create({ type: "express" });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      ...urls,
    });
    const { answer } = await submitHostedForm(link.url, "Save and finish later");
    expect(answer.headers.get("location")).toBe(urls.return_url);
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const again = await fetch(link.url, { redirect: "manual" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(urls.refresh_url);
  });

  it("sends an expired onboarding link to refresh_url", async () => {
    const { stripe } = world;
    const account = await stripe.accounts.create({ type: "express" });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      ...urls,
    });
    world.clock.advance(301_000);
    const page = await fetch(link.url, { redirect: "manual" });
    expect(page.headers.get("location")).toBe(urls.refresh_url);
  });

  it("gives an Express account a dashboard login link that opens", async () => {
    const { stripe } = world;
    const account = await stripe.accounts.create({ type: "express" });
    const login = await stripe.accounts.createLoginLink(account.id);
    const page = await fetch(login.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(account.id);
  });

  it("answers Stripe-shaped errors the library turns into its own error classes", async () => {
    const { stripe } = world;
    const missing = await stripe.accounts.retrieve("acct_nothere").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id" });

    const unknownParam = await stripe.accountLinks
      .create({
        account: "acct_x",
        type: "account_onboarding",
        ...urls,
        colour: "red",
      } as Stripe.AccountLinkCreateParams)
      .catch((error: unknown) => error);
    expect(unknownParam).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "colour" });

    const strangerAccount = await stripe.checkout.sessions
      .list({}, { stripeAccount: "acct_somebodyelse" })
      .catch((error: unknown) => error);
    expect(strangerAccount).toBeInstanceOf(Stripe.errors.StripePermissionError);

    const byCurl = await fetch(`${world.standin.url}/v1/account`, {
      headers: { authorization: `Basic ${Buffer.from(`${world.standin.secretKey}:`).toString("base64")}` },
    });
    expect(byCurl.status).toBe(200);

    const wrongKey = createStripeClient({ secretKey: "sk_test_wrong", apiUrl: world.standin.url });
    const refused = await wrongKey.accounts.create({ type: "express" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
