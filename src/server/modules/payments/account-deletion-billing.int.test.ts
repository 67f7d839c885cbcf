import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccountByMail } from "#server/modules/account/account-deletion-test-support.ts";
import {
  checkoutUrl,
  clubWithPlan,
  emailOf,
  paidMember,
  planColumnsOf,
  purchasesOf,
  sessionIdIn,
} from "./member-subscriptions-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld;
beforeAll(async () => {
  world = await startPaymentsServer();
});
afterAll(() => world.close());

describe("deleting an account that pays for memberships", () => {
  it("cancels its running subscriptions on Stripe and closes its open checkout, leaving other members' subscriptions running", async () => {
    const club = await clubWithPlan(world, { name: "Supporter", interval: "MONTH", priceMinor: 1200 });
    const ada = await paidMember(world, club.plan.id, "Ada Leaving");
    const bo = await paidMember(world, club.plan.id, "Bo Staying");
    // A checkout Ada opened in another club and never paid.
    const other = await clubWithPlan(world, { name: "Patron", interval: "YEAR", priceMinor: 5000 });
    const openCheckout = sessionIdIn(await checkoutUrl(ada.browser, other.plan.id));

    const [adaPaid, adaOpen] = await purchasesOf(world, ada.id);
    const [boPaid] = await purchasesOf(world, bo.id);
    expect([adaPaid?.status, adaOpen?.status, boPaid?.status]).toEqual(["active", "checkout", "active"]);
    const onClub = { stripeAccount: adaPaid?.stripeAccount as string };
    const onOther = { stripeAccount: adaOpen?.stripeAccount as string };

    await deleteAccountByMail(world.t, ada.browser, await emailOf(world, ada.id));
    await world.settle();
    // Stripe's own webhooks about the cancellation come back and change nothing further.
    await world.settle();

    const canceled = await world.stripe.subscriptions.retrieve(
      adaPaid?.stripeSubscriptionId as string,
      {},
      onClub,
    );
    expect(canceled.status).toBe("canceled");
    const closed = await world.stripe.checkout.sessions.retrieve(openCheckout, {}, onOther);
    expect(closed.status).toBe("expired");
    expect((await purchasesOf(world, ada.id)).map((p) => p.status)).toEqual(["ended", "abandoned"]);

    const running = await world.stripe.subscriptions.retrieve(
      boPaid?.stripeSubscriptionId as string,
      {},
      onClub,
    );
    expect(running.status).toBe("active");
    expect((await purchasesOf(world, bo.id)).map((p) => p.status)).toEqual(["active"]);
    expect(await planColumnsOf(world, club.communityId, bo.id)).toMatchObject({
      status: "active",
      planStatus: "active",
    });
  });
});
