import { afterEach, describe, expect, it } from "vitest";
import { quickSignIn, registerFor } from "#server/modules/events/events-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser } from "#server/test/harness.ts";
import { paidEvent, paymentsOf, sessionIdOf, started } from "./checkout-test-support.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const HOUR = 3_600_000;

const status = async (browser: TestBrowser) =>
  (
    await browser.graphql<{ myRegistrations: { nodes: { id: string; status: string; quantity: number }[] } }>(
      "{ myRegistrations(when: UPCOMING) { nodes { id status quantity } } }",
    )
  ).data?.myRegistrations.nodes[0];

const emailOf = async (browser: TestBrowser) =>
  (await browser.graphql<{ viewer: { email: string } }>("{ viewer { email } }")).data?.viewer.email as string;

/** The private link of the newest offer mailed to the address. */
function offerLink(w: PaymentsWorld, email: string): string {
  const mail = w.t.smtp.mails.findLast((m) => m.to.includes(email) && /yours at/.test(m.subject));
  const link = mail?.text.match(/Pay now: (\S+)/)?.[1];
  if (!link) throw new Error(`no offer mailed to ${email}`);
  return decodeURIComponent(new URL(link).pathname.replace(/^\/r\//, ""));
}

const payForOffer = (browser: TestBrowser, token: string) =>
  browser.graphql<{ payForOffer: { url: string | null } }>(
    "mutation ($token: String!) { payForOffer(token: $token) { url } }",
    { token },
  );

describe("the paid waitlist's timed offer", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("offers a freed paid seat to the first in line for the organizer's hours, then to the next, who pays and goes", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, event, ticketTypeId } = await paidEvent(world, { capacity: 2, waitlist: true });
    const first = await quickSignIn(world.t, "Fran First");
    const bought = await started(first.browser, event.id, { ticketTypeId, quantity: 2 });
    world.standin.pay(sessionIdOf(bought.url));
    await world.settle();
    expect(await status(first.browser)).toMatchObject({ status: "GOING", quantity: 2 });

    // Sold out: joining the waitlist costs nothing yet; two tickets for one, one for the other.
    const wait1 = await quickSignIn(world.t, "Walt Waiting");
    const wait2 = await quickSignIn(world.t, "Wren Waiting");
    const joined1 = await registerFor(wait1.browser, event.id, { ticketTypeId, quantity: 2 });
    expect(joined1.errors).toBeUndefined();
    expect(joined1.data?.register.status).toBe("WAITLISTED");
    const joined2 = await registerFor(wait2.browser, event.id, { ticketTypeId });
    expect(joined2.data?.register.status).toBe("WAITLISTED");

    // The organizer cancels the first buyer's registration: both seats are offered to Walt, held for 12 hours.
    const canceled = await owner.browser.graphql<{ cancelRegistration: { status: string } }>(
      "mutation ($id: ID!) { cancelRegistration(id: $id) { status } }",
      { id: (await status(first.browser))?.id },
    );
    expect(canceled.errors).toBeUndefined();
    await world.settle();
    expect(await status(wait1.browser)).toMatchObject({ status: "HELD", quantity: 2 });
    expect(await status(wait2.browser)).toMatchObject({ status: "WAITLISTED" });
    const waltEmail = await emailOf(wait1.browser);
    const offer = world.t.smtp.mails.findLast((m) => m.to.includes(waltEmail) && /yours at/.test(m.subject));
    expect(offer?.subject).toMatch(/^2 seats are yours at .*: pay to keep them$/);
    expect(offer?.text).toMatch(/held for you until .* \(Europe\/Berlin\)/);
    // The organizer's list shows the open offer and when it passes on; nobody else's until then.
    const listed = await owner.browser.graphql<{
      event: { heldCount: number };
      eventRegistrations: { nodes: { status: string; holdExpiresAt: string | null }[] };
    }>(
      `query ($id: ID!) { event(id: $id) { heldCount }
        eventRegistrations(eventId: $id) { nodes { status holdExpiresAt } } }`,
      { id: event.id },
    );
    expect(listed.data?.event.heldCount).toBe(2);
    const rows = listed.data?.eventRegistrations.nodes ?? [];
    const held = rows.find((r) => r.status === "HELD");
    expect(Date.parse(held?.holdExpiresAt ?? "") - world.t.clock.now().getTime()).toBeGreaterThan(
      12 * HOUR - 60_000,
    );
    expect(Date.parse(held?.holdExpiresAt ?? "") - world.t.clock.now().getTime()).toBeLessThanOrEqual(
      12 * HOUR,
    );
    expect(rows.find((r) => r.status === "WAITLISTED")?.holdExpiresAt).toBeNull();

    // Walt lets the time run out: the seats go back, and one of them is offered to Wren.
    world.t.clock.advance(12 * HOUR - 60_000);
    await world.settle();
    expect(await status(wait1.browser)).toMatchObject({ status: "HELD" });
    world.t.clock.advance(61_000);
    await world.settle();
    expect(await status(wait1.browser)).toMatchObject({ status: "CANCELED" });
    expect(await status(wait2.browser)).toMatchObject({ status: "HELD", quantity: 1 });
    const late = await payForOffer(world.t.browser(), offerLink(world, waltEmail));
    expect(late.errors?.[0]?.extensions?.code).toBe("CONFLICT");

    // Wren pays from the mail's private link, signed out, and is going.
    const wrenEmail = await emailOf(wait2.browser);
    const pay = await payForOffer(world.t.browser(), offerLink(world, wrenEmail));
    expect(pay.errors).toBeUndefined();
    world.standin.pay(sessionIdOf(pay.data?.payForOffer.url as string));
    await world.settle();
    expect(await status(wait2.browser)).toMatchObject({ status: "GOING", quantity: 1 });
    const payments = await paymentsOf(world, event.id);
    expect(payments.map((p) => [p.payerEmail, p.amountMinor, p.status])).toEqual(
      expect.arrayContaining([[wrenEmail, 2500, "succeeded"]]),
    );
  });

  it("asks for payment only once an organizer approves a paid registration", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, event } = await paidEvent(world, { capacity: 5 });
    const edited = await owner.browser.graphql<{ updateEvent: { approvalRequired: boolean } }>(
      `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { approvalRequired } }`,
      {
        id: event.id,
        input: {
          title: event.title,
          startsAtLocal: event.startsAt.slice(0, 16),
          endsAtLocal: event.endsAt.slice(0, 16),
          timeZone: "UTC",
          capacity: 5,
          waitlistEnabled: false,
          waitlistOfferHours: 2,
          approvalRequired: true,
          visibility: "PUBLIC",
          ticketTypes: [{ id: event.ticketTypes[0]?.id, name: "Standard", priceMinor: 2500, maxPerOrder: 4 }],
          questions: [],
        },
      },
    );
    expect(edited.errors).toBeUndefined();
    const asker = await quickSignIn(world.t, "Ada Asker");
    const asked = await registerFor(asker.browser, event.id, {
      ticketTypeId: event.ticketTypes[0]?.id,
      quantity: 3,
    });
    expect(asked.data?.register.status).toBe("PENDING");
    const approved = await owner.browser.graphql<{ approveRegistration: { status: string } }>(
      "mutation ($id: ID!) { approveRegistration(id: $id) { status } }",
      { id: asked.data?.register.id },
    );
    expect(approved.data?.approveRegistration.status).toBe("HELD");
    await world.settle();
    const email = await emailOf(asker.browser);
    const pay = await payForOffer(world.t.browser(), offerLink(world, email));
    world.standin.pay(sessionIdOf(pay.data?.payForOffer.url as string));
    await world.settle();
    expect(await status(asker.browser)).toMatchObject({ status: "GOING", quantity: 3 });
    expect((await paymentsOf(world, event.id)).map((p) => p.amountMinor)).toEqual([7500]);
  });
});
