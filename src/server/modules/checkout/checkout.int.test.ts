import { afterEach, describe, expect, it } from "vitest";
import { getEventAs, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import { promo } from "#server/modules/pricing/promo-codes-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { HOLD_MS } from "./checkout.service.ts";
import {
  cancelCheckout,
  paidEvent,
  paymentsOf,
  readOrder,
  sessionIdOf,
  startCheckout,
  started,
} from "./checkout-test-support.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const seats = async (w: PaymentsWorld, eventId: string) => {
  const event = (await getEventAs(w.t.browser(), eventId)).data?.event;
  return { going: event?.goingCount, left: event?.ticketTypes[0]?.remaining ?? null };
};

/** The buyer's own registrations, as /me lists them. */
const myRegistrations = async (browser: TestBrowser) =>
  (
    await browser.graphql<{ myRegistrations: { nodes: { status: string; quantity: number }[] } }>(
      "{ myRegistrations(when: UPCOMING) { nodes { status quantity } } }",
    )
  ).data?.myRegistrations.nodes;

const mailsTo = (w: PaymentsWorld, email: string) => w.t.smtp.mails.filter((m) => m.to.includes(email));

describe("buying tickets through Stripe Checkout", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("holds two seats while the buyer pays, then makes them going, records the payment and mails the ticket and a receipt", async () => {
    world = await startPaymentsServer({ connect: false });
    const { event, ticketTypeId } = await paidEvent(world, { capacity: 5 });
    const buyer = await quickSignIn(world.t, "Bea Buyer");
    const { order, url } = await started(buyer.browser, event.id, { ticketTypeId, quantity: 2 });
    expect(order).toMatchObject({ status: "OPEN", quantity: 2, totalMinor: 5000, currency: "EUR" });
    expect(url).toMatch(/\/checkout\/cs_test_/);
    expect(await seats(world, event.id)).toEqual({ going: 0, left: 3 });
    expect(await myRegistrations(buyer.browser)).toEqual([{ status: "HELD", quantity: 2 }]);

    const sessionId = sessionIdOf(url);
    const email = (await buyer.browser.graphql<{ viewer: { email: string } }>("{ viewer { email } }")).data
      ?.viewer.email as string;
    const back = world.standin.pay(sessionId, { name: "Bea Buyer", email });
    expect(back).toContain(`/e/${event.id}?checkout=paid&order=${order.id}`);
    await world.settle();

    expect((await readOrder(buyer.browser, order.id))?.status).toBe("PAID");
    expect(await seats(world, event.id)).toEqual({ going: 2, left: 3 });
    expect(await myRegistrations(buyer.browser)).toEqual([{ status: "GOING", quantity: 2 }]);
    const [paid] = await paymentsOf(world, event.id);
    expect(paid).toMatchObject({
      amountMinor: 5000,
      currency: "EUR",
      status: "succeeded",
      method: "stripe",
      purpose: "ticket",
      payerEmail: email,
    });
    // The stand-in's fee: 2.9 % + 0.30.
    expect(paid?.feeMinor).toBe(175);
    expect(paid?.providerRef).toMatch(/^pi_/);
    const mails = mailsTo(world, email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [expect.stringMatching(/^Receipt: /), expect.stringMatching(/going|ticket|registered/i)].sort(),
    );
    const receipt = mails.find((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain("2 × Standard at €25.00");
    expect(receipt?.text).toContain("Total paid: €50.00");
    expect(receipt?.text).toContain(`Payment reference: ${paid?.providerRef}`);
  });

  it("answers a webhook delivered twice with one payment and one receipt", async () => {
    world = await startPaymentsServer({ connect: false });
    const { event, ticketTypeId } = await paidEvent(world);
    const email = uniqueEmail("twice");
    const { order, url } = await started(world.t.browser(), event.id, {
      ticketTypeId,
      quantity: 1,
      guest: { name: "Gus Guest", email },
    });
    world.standin.pay(sessionIdOf(url), { email, name: "Gus Guest" });
    await world.settle();
    const completed = world.standin.events().find((e) => e.event.type === "checkout.session.completed");
    if (!completed) throw new Error("no completion event");
    await world.standin.webhooks.send(completed.event);
    await world.settle();
    expect((await readOrder(world.t.browser(), order.id))?.status).toBe("PAID");
    expect(await paymentsOf(world, event.id)).toHaveLength(1);
    expect(mailsTo(world, email).filter((m) => m.subject.startsWith("Receipt"))).toHaveLength(1);
  });

  it("gives the seats and the promo code's use back when the buyer gives up, and Stripe's page stops taking the payment", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId, event, ticketTypeId } = await paidEvent(world, { capacity: 3 });
    const code = await promo(owner.browser, communityId, event.id, {
      code: "HALF",
      percentOff: 50,
      maxUses: 1,
    });
    const buyer = await quickSignIn(world.t, "Cleo Canceler");
    const { order, url } = await started(buyer.browser, event.id, {
      ticketTypeId,
      quantity: 3,
      promoCode: "half",
    });
    expect(order).toMatchObject({ totalMinor: 3750, discountMinor: 3750, promoCode: "HALF" });
    expect(await seats(world, event.id)).toEqual({ going: 0, left: 0 });
    const other = await quickSignIn(world.t, "Otto Other");
    const refused = await startCheckout(other.browser, event.id, { ticketTypeId, quantity: 1 });
    expect(refused.errors?.[0]?.extensions?.code).toBe("SOLD_OUT");

    const canceled = await cancelCheckout(buyer.browser, order.id);
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data?.cancelCheckout.status).toBe("EXPIRED");
    expect(await seats(world, event.id)).toEqual({ going: 0, left: 3 });
    expect(() => world?.standin.pay(sessionIdOf(url))).toThrow(/expired/);
    // The code's one use came back: the next buyer gets it.
    const next = await started(other.browser, event.id, { ticketTypeId, quantity: 1, promoCode: code.code });
    expect(next.order.totalMinor).toBe(1250);
  });

  it("releases seats whose hold ran out, and resumes the same checkout while it has not", async () => {
    world = await startPaymentsServer({ connect: false });
    const { event, ticketTypeId } = await paidEvent(world, { capacity: 2 });
    const buyer = await quickSignIn(world.t, "Hal Holder");
    const first = await started(buyer.browser, event.id, { ticketTypeId, quantity: 2 });
    const again = await started(buyer.browser, event.id, { ticketTypeId, quantity: 2 });
    expect(again.order.id).toBe(first.order.id);
    expect(again.url).toBe(first.url);

    world.t.clock.advance(HOLD_MS - 60_000);
    await world.settle();
    expect((await readOrder(buyer.browser, first.order.id))?.status).toBe("OPEN");
    world.t.clock.advance(61_000);
    await world.settle();
    expect((await readOrder(buyer.browser, first.order.id))?.status).toBe("EXPIRED");
    expect(await seats(world, event.id)).toEqual({ going: 0, left: 2 });
    expect(() => world?.standin.pay(sessionIdOf(first.url))).toThrow(/expired/);
    // No mail: a hold that ran out was never a registration.
    expect(world.t.smtp.mails.filter((m) => /cancel/i.test(m.subject))).toEqual([]);
  });

  it("completes an order whose webhook never came when its hold runs out", async () => {
    world = await startPaymentsServer({ connect: false, webhookMode: "manual" });
    const { event, ticketTypeId } = await paidEvent(world);
    const buyer = await quickSignIn(world.t, "Mo Missed");
    const { order, url } = await started(buyer.browser, event.id, { ticketTypeId, quantity: 1 });
    world.standin.pay(sessionIdOf(url));
    await world.settle();
    expect((await readOrder(buyer.browser, order.id))?.status).toBe("OPEN");
    world.t.clock.advance(HOLD_MS + 1000);
    await world.settle();
    expect((await readOrder(buyer.browser, order.id))?.status).toBe("PAID");
    expect(await seats(world, event.id)).toEqual({ going: 1, left: 19 });
    expect(await paymentsOf(world, event.id)).toHaveLength(1);
  });

  it("sells exactly ten seats to fifty buyers racing for them, and charges nobody without a seat", async () => {
    world = await startPaymentsServer({ connect: false });
    const { event, ticketTypeId } = await paidEvent(world, { capacity: 10 });
    const buyers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => quickSignIn(world?.t as PaymentsWorld["t"], `Racer ${i}`)),
    );
    const results = await Promise.all(
      buyers.map((b) => startCheckout(b.browser, event.id, { ticketTypeId, quantity: 1 })),
    );
    const won = results.flatMap((r) => (r.data?.startCheckout.url ? [r.data.startCheckout.url] : []));
    const codes = results.flatMap((r) => r.errors?.map((e) => e.extensions?.code) ?? []);
    expect(won).toHaveLength(10);
    expect(codes).toEqual(Array.from({ length: 40 }, () => "SOLD_OUT"));
    for (const url of won) world.standin.pay(sessionIdOf(url));
    await world.settle();
    expect(await seats(world, event.id)).toEqual({ going: 10, left: 0 });
    expect(await paymentsOf(world, event.id)).toHaveLength(10);
    const charges = world.standin.events().filter((e) => e.event.type === "charge.succeeded");
    expect(charges).toHaveLength(10);
  });

  it("charges zero-decimal and three-decimal currencies to the minor unit", async () => {
    world = await startPaymentsServer({ connect: false });
    for (const [currency, price] of [
      ["JPY", 1500],
      ["KWD", 12_345],
    ] as const) {
      const { event, ticketTypeId } = await paidEvent(world, { currency, priceMinor: price });
      const buyer = await quickSignIn(world.t, `Buyer ${currency}`);
      const { url } = await started(buyer.browser, event.id, { ticketTypeId, quantity: 3 });
      world.standin.pay(sessionIdOf(url));
      await world.settle();
      const [paid] = await paymentsOf(world, event.id);
      expect(paid).toMatchObject({ currency, amountMinor: price * 3, status: "succeeded" });
    }
  });

  it("makes the seats the buyer's at once when a code takes the whole price", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId, event, ticketTypeId } = await paidEvent(world);
    await promo(owner.browser, communityId, event.id, { code: "FREE", percentOff: 100 });
    const buyer = await quickSignIn(world.t, "Fay Free");
    const result = await startCheckout(buyer.browser, event.id, {
      ticketTypeId,
      quantity: 2,
      promoCode: "FREE",
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.startCheckout).toMatchObject({ url: null, order: { status: "PAID", totalMinor: 0 } });
    await world.settle();
    expect(await seats(world, event.id)).toEqual({ going: 2, left: 18 });
    expect(await paymentsOf(world, event.id)).toEqual([]);
  });
});
