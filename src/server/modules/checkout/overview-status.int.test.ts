// What the overview asks to say what needs attention and how far setting up has come: seats held
// for buyers, payments failed lately or ever taken, anyone invited; nothing for plain members.
import { afterEach, describe, expect, it } from "vitest";
import { quickSignIn } from "#server/modules/events/events-test-support.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { invite, join } from "#server/modules/membership/membership-test-support.ts";
import { insertPayment } from "#server/modules/payments/ledger.service.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser } from "#server/test/harness.ts";
import { paidEvent, sessionIdOf, started } from "./checkout-test-support.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type Status = {
  heldSeats: number | null;
  invitedAnyone: boolean | null;
  paymentActivity: { failedLast30Days: number; anyTaken: boolean } | null;
};

const statusOf = async (browser: TestBrowser, communityId: string) => {
  const result = await browser.graphql<{ community: Status }>(
    `query ($id: ID!) { community(id: $id) {
      heldSeats invitedAnyone paymentActivity { failedLast30Days anyTaken } } }`,
    { id: communityId },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.community;
};

const DAY_MS = 86_400_000;

describe("the overview's status of a community", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("counts seats held while buyers pay, then a payment taken; failed payments for 30 days; invitations", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId, event, ticketTypeId } = await paidEvent(world, { capacity: 5 });
    expect(await statusOf(owner.browser, communityId)).toEqual({
      heldSeats: 0,
      invitedAnyone: false,
      paymentActivity: { failedLast30Days: 0, anyTaken: false },
    });

    const buyer = await quickSignIn(world.t, "Bea Buyer");
    const { url } = await started(buyer.browser, event.id, { ticketTypeId, quantity: 2 });
    expect((await statusOf(owner.browser, communityId))?.heldSeats).toBe(2);

    const email = (await buyer.browser.graphql<{ viewer: { email: string } }>("{ viewer { email } }")).data
      ?.viewer.email as string;
    world.standin.pay(sessionIdOf(url), { name: "Bea Buyer", email });
    await world.settle();
    expect(await statusOf(owner.browser, communityId)).toMatchObject({
      heldSeats: 0,
      paymentActivity: { failedLast30Days: 0, anyTaken: true },
    });

    const clock = world.t.clock;
    const emit = createEmit({ clock: () => clock.now() });
    await world.t.server.database.db.transaction((tx) =>
      insertPayment(tx, emit, {
        communityId,
        payer: { userId: null, name: "Cy Card", email: null },
        purpose: "ticket",
        eventId: event.id,
        registrationId: null,
        amountMinor: 2500,
        currency: "EUR",
        method: "stripe",
        status: "failed",
        createdBy: null,
        at: clock.now(),
      }),
    );
    // Written beside the app, this payment does not clear the community's kept reads: a second on.
    clock.advance(2_000);
    expect((await statusOf(owner.browser, communityId))?.paymentActivity?.failedLast30Days).toBe(1);
    clock.advance(31 * DAY_MS);
    expect((await statusOf(owner.browser, communityId))?.paymentActivity?.failedLast30Days).toBe(0);

    const sent = await invite(owner.browser, communityId, ["newcomer@example.test"]);
    expect(sent.errors).toBeUndefined();
    expect((await statusOf(owner.browser, communityId))?.invitedAnyone).toBe(true);
  });

  it("tells a plain member none of it", async () => {
    world = await startPaymentsServer({ connect: false });
    const { communityId } = await paidEvent(world);
    const member = await quickSignIn(world.t, "Mo Member");
    await join(member.browser, communityId);
    expect(await statusOf(member.browser, communityId)).toEqual({
      heldSeats: null,
      invitedAnyone: null,
      paymentActivity: null,
    });
  });
});
