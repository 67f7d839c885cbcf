import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "#server/errors.ts";
import {
  addMember,
  createEvent,
  type EventResult,
  eventInput,
  quickSignIn,
} from "#server/modules/events/events-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import { wallInDays } from "#server/test/event-input.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { claimPromoCodeUse } from "./promo-claims.service.ts";
import { promo } from "./promo-codes-test-support.ts";

let world: PaymentsWorld;
let t: TestServer;
let owner: TestBrowser;
let member: TestBrowser;
let euros: string;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const QUOTE = `query ($eventId: ID!, $ticketTypeId: ID!, $quantity: Int!, $promoCode: String) {
  ticketQuote(eventId: $eventId, ticketTypeId: $ticketTypeId, quantity: $quantity, promoCode: $promoCode) {
    currency subtotalMinor discountMinor totalMinor promoCode
    lines { name quantity unitPriceMinor listUnitPriceMinor memberPrice unitDiscountMinor totalMinor }
  } }`;

type QuoteResult = {
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  promoCode: string | null;
  lines: Record<string, unknown>[];
};

const quote = (
  browser: TestBrowser,
  event: EventResult,
  quantity: number,
  promoCode: string | null = null,
  ticket = 0,
) =>
  browser.graphql<{ ticketQuote: QuoteResult }>(QUOTE, {
    eventId: event.id,
    ticketTypeId: event.ticketTypes[ticket]?.id,
    quantity,
    promoCode,
  });

const refusal = (result: Awaited<ReturnType<typeof quote>>) => ({
  code: result.errors?.[0]?.extensions?.code,
  fields: ((result.errors?.[0]?.extensions?.fields ?? []) as { field: string }[]).map((f) => f.field),
  message: result.errors?.[0]?.message,
});

async function communityIn(browser: TestBrowser, currency: string): Promise<string> {
  const slug = `quote-${randomUUID().slice(0, 8)}`;
  const created = await browser.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: `Quotes ${currency}`,
        slug,
        timeZone: "UTC",
        currency,
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  expect(created.errors).toBeUndefined();
  return created.data?.createCommunity.id as string;
}

beforeAll(async () => {
  // STRIPE_CONNECT=off: every community takes payments through the operator's keys.
  world = await startPaymentsServer({ connect: false });
  t = world.t;
  owner = (await quickSignIn(t, "Olga Owner")).browser;
  euros = await communityIn(owner, "EUR");
  const mem = await quickSignIn(t, "Mia Member");
  member = mem.browser;
  await addMember(t, euros, mem.id, "member");
});
afterAll(() => world.close());

describe("the price quote", () => {
  it("quotes the price signed out, the member price to active members, and a promo code's discount", async () => {
    const event = await createEvent(owner, euros, {
      ticketTypes: [
        { name: "Standard", priceMinor: 2500, memberPriceMinor: 1500, maxPerOrder: 4 },
        { name: "Patron", priceMinor: 9000 },
      ],
    });
    const visitor = await quote(t.browser(), event, 2);
    expect(visitor.errors).toBeUndefined();
    expect(visitor.data?.ticketQuote).toEqual({
      currency: "EUR",
      subtotalMinor: 5000,
      discountMinor: 0,
      totalMinor: 5000,
      promoCode: null,
      lines: [
        {
          name: "Standard",
          quantity: 2,
          unitPriceMinor: 2500,
          listUnitPriceMinor: 2500,
          memberPrice: false,
          unitDiscountMinor: 0,
          totalMinor: 5000,
        },
      ],
    });
    const prices = `query ($id: ID!) { event(id: $id) { ticketTypes { priceMinor memberPriceMinor viewerPriceMinor } } }`;
    const seen = async (browser: TestBrowser) =>
      (await browser.graphql<{ event: { ticketTypes: unknown[] } }>(prices, { id: event.id })).data?.event
        .ticketTypes[0];
    expect(await seen(t.browser())).toEqual({
      priceMinor: 2500,
      memberPriceMinor: 1500,
      viewerPriceMinor: 2500,
    });
    expect(await seen(member)).toEqual({ priceMinor: 2500, memberPriceMinor: 1500, viewerPriceMinor: 1500 });
    const asMember = await quote(member, event, 2);
    expect(asMember.data?.ticketQuote.lines[0]).toMatchObject({ unitPriceMinor: 1500, memberPrice: true });
    expect(asMember.data?.ticketQuote.totalMinor).toBe(3000);

    await promo(owner, euros, event.id, { code: "Spring15", percentOff: 15 });
    const discounted = await quote(t.browser(), event, 2, "  spring15 ");
    expect(discounted.data?.ticketQuote).toMatchObject({
      subtotalMinor: 5000,
      discountMinor: 750,
      totalMinor: 4250,
      promoCode: "Spring15",
    });
    await promo(owner, euros, null, { code: "EVERYTHING", percentOff: 100 });
    expect((await quote(t.browser(), event, 3, "everything")).data?.ticketQuote.totalMinor).toBe(0);
    await promo(owner, euros, null, { code: "TENOFF", amountOffMinor: 1000 });
    const overDiscounted = await quote(member, event, 1, "TENOFF");
    // €10 off a €15 member ticket leaves €5; it never goes below nothing.
    expect(overDiscounted.data?.ticketQuote.totalMinor).toBe(500);
  });

  it("refuses with stable codes: order limit, sold out, sales window, and every promo code problem", async () => {
    const event = await createEvent(owner, euros, {
      capacity: 5,
      ticketTypes: [
        { name: "Standard", priceMinor: 2000, maxPerOrder: 4, quantity: 3 },
        { name: "Late", priceMinor: 2000, salesStartLocal: wallInDays(3, "12:00") },
        { name: "Early", priceMinor: 2000, salesEndLocal: wallInDays(1, "12:00") },
      ],
    });
    expect(refusal(await quote(t.browser(), event, 5))).toMatchObject({
      code: "OVER_ORDER_LIMIT",
      fields: ["quantity"],
    });
    expect(refusal(await quote(t.browser(), event, 4))).toMatchObject({
      code: "SOLD_OUT",
      fields: ["quantity"],
      message: "Only 3 left: choose 3 or fewer.",
    });
    expect(refusal(await quote(t.browser(), event, 1, null, 1)).code).toBe("SALES_NOT_OPEN");

    const other = await createEvent(owner, euros, { title: "Other night" });
    const patronOnly = await promo(owner, euros, event.id, {
      code: "ONLYLATE",
      percentOff: 10,
      ticketTypeId: event.ticketTypes[1]?.id,
    });
    expect(patronOnly.ticketTypeName).toBe("Late");
    await promo(owner, euros, other.id, { code: "OTHERNIGHT", percentOff: 10 });
    await promo(owner, euros, event.id, { code: "SOON", percentOff: 10, expiresAt: inDays(2) });
    const once = await promo(owner, euros, event.id, { code: "ONCE", percentOff: 10, maxUses: 1 });
    const off = await promo(owner, euros, event.id, { code: "RETIRED", percentOff: 10 });
    await owner.graphql("mutation ($id: ID!) { deactivatePromoCode(id: $id) { id } }", { id: off.id });
    await t.server.database.db.transaction((tx) => claimPromoCodeUse(tx, once.id));

    const promoCase = async (code: string) => refusal(await quote(t.browser(), event, 1, code));
    expect(await promoCase("NOSUCHCODE")).toMatchObject({
      code: "PROMO_CODE_INVALID",
      fields: ["promoCode"],
    });
    expect((await promoCase("OTHERNIGHT")).code).toBe("PROMO_CODE_INVALID");
    expect((await promoCase("RETIRED")).code).toBe("PROMO_CODE_INVALID");
    expect((await promoCase("ONLYLATE")).code).toBe("PROMO_CODE_NOT_FOR_TICKET");
    expect((await promoCase("ONCE")).code).toBe("PROMO_CODE_USED_UP");
    expect((await quote(t.browser(), event, 1, "SOON")).data?.ticketQuote.totalMinor).toBe(1800);

    t.clock.advance(2 * DAY + 60_000);
    expect((await promoCase("SOON")).code).toBe("PROMO_CODE_EXPIRED");
    expect(refusal(await quote(t.browser(), event, 1, null, 2)).code).toBe("SALES_ENDED");
    t.clock.advance(2 * DAY);
    expect((await quote(t.browser(), event, 1, null, 1)).data?.ticketQuote.totalMinor).toBe(2000);
  });

  it("quotes yen in whole yen and dinars in fils, rounding half a unit of a percent up", async () => {
    const yen = await communityIn(owner, "JPY");
    const concert = await createEvent(owner, yen, { ticketTypes: [{ name: "Seat", priceMinor: 999 }] });
    await promo(owner, yen, concert.id, { code: "TENPERCENT", percentOff: 10 });
    expect((await quote(t.browser(), concert, 3, "TENPERCENT")).data?.ticketQuote).toMatchObject({
      currency: "JPY",
      subtotalMinor: 2997,
      discountMinor: 300,
      totalMinor: 2697,
    });

    const dinars = await communityIn(owner, "KWD");
    const dinner = await createEvent(owner, dinars, { ticketTypes: [{ name: "Seat", priceMinor: 12_345 }] });
    await promo(owner, dinars, dinner.id, { code: "TENPERCENT", percentOff: 10 });
    expect((await quote(t.browser(), dinner, 4, "tenpercent")).data?.ticketQuote).toMatchObject({
      currency: "KWD",
      subtotalMinor: 49_380,
      discountMinor: 4940,
      totalMinor: 44_440,
    });
  });

  it("asks signed-out visitors to sign in for a members-only event, and hides drafts", async () => {
    const members = await createEvent(owner, euros, {
      visibility: "MEMBERS",
      ticketTypes: [{ name: "Standard", priceMinor: 1000 }],
    });
    expect(refusal(await quote(t.browser(), members, 1)).code).toBe("UNAUTHENTICATED");
    expect((await quote(member, members, 1)).data?.ticketQuote.totalMinor).toBe(1000);
    const draft = await createEvent(owner, euros, eventInput({ title: "Draft" }), false);
    expect(refusal(await quote(t.browser(), draft, 1)).code).toBe("NOT_FOUND");
  });
});

describe("claiming a promo code's use", () => {
  it("gives exactly 5 of 20 buyers claiming at once a code limited to 5 uses", async () => {
    const event = await createEvent(owner, euros, { ticketTypes: [{ name: "Standard", priceMinor: 1000 }] });
    const code = await promo(owner, euros, event.id, { code: "FIRSTFIVE", percentOff: 50, maxUses: 5 });
    const db = t.server.database.db;
    const claims = await Promise.allSettled(
      Array.from({ length: 20 }, () => db.transaction((tx) => claimPromoCodeUse(tx, code.id))),
    );
    const won = claims.filter((c) => c.status === "fulfilled").map((c) => c.value);
    expect(won.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const lost = claims.flatMap((c) => (c.status === "rejected" ? [c.reason] : []));
    expect(lost).toHaveLength(15);
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(DomainError);
      expect((reason as DomainError).code).toBe("PROMO_CODE_USED_UP");
    }
    const after = await quote(t.browser(), event, 1, "FIRSTFIVE");
    expect(after.errors?.[0]?.extensions?.code).toBe("PROMO_CODE_USED_UP");
  });
});
