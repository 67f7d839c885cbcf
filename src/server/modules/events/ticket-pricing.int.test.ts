import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { paymentAccount, ticketType } from "#server/db/schema.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { completeOnboarding } from "#server/modules/payments/onboarding-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import { wallInDays } from "#server/test/event-input.ts";
import {
  SERVER_PER_TEST_TIMEOUT,
  startTestServer,
  type TestBrowser,
  type TestServer,
} from "#server/test/harness.ts";
import { fromWallTime } from "#shared/time.ts";
import {
  addMember,
  createCommunity,
  createEvent,
  eventInput,
  quickSignIn,
  registerFor,
} from "./events-test-support.ts";

let plain: TestServer | undefined;
let world: PaymentsWorld | undefined;
afterEach(async () => {
  await plain?.close();
  await world?.close();
  plain = undefined;
  world = undefined;
});

const TICKETS =
  "ticketTypes { id name priceMinor memberPriceMinor currency maxPerOrder salesStartAt salesEndAt }";
const CREATE = `mutation ($communityId: ID!, $input: EventInput!) {
  createEvent(communityId: $communityId, input: $input, publish: true) { id ${TICKETS} } }`;
const UPDATE = `mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id ${TICKETS} } }`;

type Ticket = {
  id: string;
  name: string;
  priceMinor: number;
  memberPriceMinor: number | null;
  currency: string;
  maxPerOrder: number;
  salesStartAt: string | null;
  salesEndAt: string | null;
};
type Saved = { id: string; ticketTypes: Ticket[] };

const create = (browser: TestBrowser, communityId: string, ticketTypes: unknown[]) =>
  browser.graphql<{ createEvent: Saved }>(CREATE, { communityId, input: eventInput({ ticketTypes }) });

const canTakePayments = async (browser: TestBrowser, communityId: string) => {
  const result = await browser.graphql<{ community: { canTakePayments: boolean } }>(
    "query ($id: ID!) { community(id: $id) { canTakePayments } }",
    { id: communityId },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.community.canTakePayments;
};

const berlin = (wall: string) => {
  const result = fromWallTime(wall, "Europe/Berlin");
  if (!result.ok) throw new Error(wall);
  return result.instant.toISOString();
};

describe("ticket prices, member prices, sales windows and order limits", {
  timeout: SERVER_PER_TEST_TIMEOUT,
}, () => {
  it("refuses each wrong value with a stable code under its own field", async () => {
    plain = await startTestServer();
    const owner = (await quickSignIn(plain, "Olga Owner")).browser;
    const communityId = await createCommunity(owner, "Price checks");
    const result = await create(owner, communityId, [
      { name: "Negative", priceMinor: -1 },
      { name: "Members pay more", priceMinor: 1000, memberPriceMinor: 1500 },
      { name: "Backwards", salesStartLocal: wallInDays(3, "12:00"), salesEndLocal: wallInDays(2, "12:00") },
      { name: "None per order", maxPerOrder: 0 },
      { name: "Too many per order", maxPerOrder: 51 },
      { name: "Too dear", priceMinor: 100_000_000 },
    ]);
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const fields = (result.errors?.[0]?.extensions?.fields ?? []) as { field: string; code: string }[];
    expect(fields.map(({ field, code }) => [field, code])).toEqual([
      ["ticketTypes.0.priceMinor", "NEGATIVE_PRICE"],
      ["ticketTypes.1.memberPriceMinor", "MEMBER_PRICE_ABOVE_PRICE"],
      ["ticketTypes.2.salesEndLocal", "SALES_END_BEFORE_START"],
      ["ticketTypes.3.maxPerOrder", "ORDER_LIMIT_OUT_OF_RANGE"],
      ["ticketTypes.4.maxPerOrder", "ORDER_LIMIT_OUT_OF_RANGE"],
      ["ticketTypes.5.priceMinor", "PRICE_TOO_LARGE"],
    ]);
  });

  it("keeps tickets free while the server has no Stripe keys, and saves sales windows in the event's zone", async () => {
    plain = await startTestServer();
    const owner = (await quickSignIn(plain, "Olga Owner")).browser;
    const communityId = await createCommunity(owner, "No keys club");
    expect(await canTakePayments(owner, communityId)).toBe(false);

    const priced = await create(owner, communityId, [
      { name: "Free" },
      { name: "Supporter", priceMinor: 2000 },
    ]);
    expect(priced.errors?.[0]?.extensions?.code).toBe("PAYMENTS_NOT_CONNECTED");
    expect(priced.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "ticketTypes.1.priceMinor", code: "PAYMENTS_NOT_CONNECTED" }),
    ]);

    const start = wallInDays(2, "09:00");
    const end = wallInDays(9, "23:30");
    const free = await create(owner, communityId, [
      { name: "Early", salesStartLocal: start, salesEndLocal: end, maxPerOrder: 4 },
      { name: "Door" },
    ]);
    expect(free.errors).toBeUndefined();
    expect(free.data?.createEvent.ticketTypes).toEqual([
      expect.objectContaining({
        name: "Early",
        priceMinor: 0,
        memberPriceMinor: null,
        maxPerOrder: 4,
        salesStartAt: berlin(start),
        salesEndAt: berlin(end),
      }),
      expect.objectContaining({ name: "Door", maxPerOrder: 10, salesStartAt: null, salesEndAt: null }),
    ]);
  });

  it("prices tickets once the community's Stripe account takes charges, and keeps saved prices editable after", async () => {
    world = await startPaymentsServer();
    const { t } = world;
    const { owner, communityId } = await communityWithOwner(t);
    const organizer = await quickSignIn(t, "Otto Organizer");
    await addMember(t, communityId, organizer.id, "organizer");

    const before = await create(organizer.browser, communityId, [{ name: "Standard", priceMinor: 2500 }]);
    expect(before.errors?.[0]?.extensions?.code).toBe("PAYMENTS_NOT_CONNECTED");
    expect(await canTakePayments(organizer.browser, communityId)).toBe(false);

    await completeOnboarding(owner, communityId);
    expect(await canTakePayments(organizer.browser, communityId)).toBe(true);
    const tickets = [
      {
        name: "Standard",
        priceMinor: 2500,
        memberPriceMinor: 1500,
        maxPerOrder: 4,
        salesEndLocal: wallInDays(9, "12:00"),
      },
      { name: "Free seat" },
    ];
    const saved = await create(organizer.browser, communityId, tickets);
    expect(saved.errors).toBeUndefined();
    const event = saved.data?.createEvent as Saved;
    expect(event.ticketTypes).toEqual([
      expect.objectContaining({ priceMinor: 2500, memberPriceMinor: 1500, currency: "EUR", maxPerOrder: 4 }),
      expect.objectContaining({ priceMinor: 0, memberPriceMinor: null }),
    ]);

    // Stripe switches the account's charges off: what is priced stays, nothing new can be priced.
    // The onboarding's own `account.updated` webhook is delivered and handled first, or it would
    // switch them back on.
    await world.settle();
    await t.server.database.db
      .update(paymentAccount)
      .set({ chargesEnabled: false, payoutsEnabled: false })
      .where(eq(paymentAccount.communityId, communityId));
    const kept = tickets.map((tt, i) => ({ ...tt, id: event.ticketTypes[i]?.id }));
    const renamed = await organizer.browser.graphql<{ updateEvent: Saved }>(UPDATE, {
      id: event.id,
      input: eventInput({ title: "Renamed", ticketTypes: kept }),
    });
    expect(renamed.errors).toBeUndefined();
    const raised = await organizer.browser.graphql(UPDATE, {
      id: event.id,
      input: eventInput({ ticketTypes: [{ ...kept[0], priceMinor: 3000 }, kept[1]] }),
    });
    expect(raised.errors?.[0]?.extensions?.code).toBe("PAYMENTS_NOT_CONNECTED");
    expect(raised.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "ticketTypes.0.priceMinor" }),
    ]);
  });

  it("lets every community price tickets with STRIPE_CONNECT=off and the operator's keys", async () => {
    world = await startPaymentsServer({ connect: false });
    const owner = (await quickSignIn(world.t, "Olga Owner")).browser;
    const communityId = await createCommunity(owner, "Operator's club");
    expect(await canTakePayments(owner, communityId)).toBe(true);
    const saved = await create(owner, communityId, [{ name: "Standard", priceMinor: 1200 }]);
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.createEvent.ticketTypes[0]?.priceMinor).toBe(1200);
  });
});

describe("registering for a ticket with a price or a sales window", {
  timeout: SERVER_PER_TEST_TIMEOUT,
}, () => {
  it("refuses outside the sales window with SALES_NOT_OPEN and SALES_ENDED", async () => {
    plain = await startTestServer();
    const owner = (await quickSignIn(plain, "Olga Owner")).browser;
    const communityId = await createCommunity(owner, "Window club");
    const guest = (await quickSignIn(plain, "Ada Guest")).browser;
    const notYet = await createEvent(owner, communityId, {
      ticketTypes: [{ name: "Later", salesStartLocal: wallInDays(2, "09:00") }],
    });
    const over = await createEvent(owner, communityId, {
      ticketTypes: [
        { name: "Gone", salesStartLocal: wallInDays(-3, "09:00"), salesEndLocal: wallInDays(-1, "09:00") },
      ],
    });
    const early = await registerFor(guest, notYet.id);
    expect(early.errors?.[0]?.extensions?.code).toBe("SALES_NOT_OPEN");
    const late = await registerFor(guest, over.id);
    expect(late.errors?.[0]?.extensions?.code).toBe("SALES_ENDED");
  });

  it("registers nobody for free for a ticket that costs them something; a member price of 0 lets members in", async () => {
    plain = await startTestServer();
    const owner = (await quickSignIn(plain, "Olga Owner")).browser;
    const communityId = await createCommunity(owner, "Paid club");
    const event = await createEvent(owner, communityId, { ticketTypes: [{ name: "Standard" }] });
    const ticketId = event.ticketTypes[0]?.id as string;
    // Priced as a community that took payments would have it (this server has no Stripe keys).
    await plain.server.database.db
      .update(ticketType)
      .set({ priceMinor: 2500, memberPriceMinor: 0 })
      .where(eq(ticketType.id, ticketId));

    const stranger = (await quickSignIn(plain, "Sam Stranger")).browser;
    const refused = await registerFor(stranger, event.id, { ticketTypeId: ticketId });
    expect(refused.errors?.[0]?.extensions?.code).toBe("PAYMENT_REQUIRED");
    expect(refused.data?.register ?? null).toBeNull();

    const member = await quickSignIn(plain, "Mia Member");
    await addMember(plain, communityId, member.id, "member");
    const going = await registerFor(member.browser, event.id, { ticketTypeId: ticketId });
    expect(going.errors).toBeUndefined();
    expect(going.data?.register.status).toBe("GOING");
  });
});
