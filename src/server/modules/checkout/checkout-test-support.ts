import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createEvent, type EventResult, quickSignIn } from "#server/modules/events/events-test-support.ts";
import type { PaymentRow } from "#server/modules/payments/ledger.service.ts";
import { paymentRow } from "#server/modules/payments/ledger.service.ts";
import type { PaymentsWorld } from "#server/modules/payments/payments-test-support.ts";
import type { TestBrowser } from "#server/test/harness.ts";
import { ticketOrder } from "./checkout.tables.ts";

export const ORDER_FIELDS =
  "id eventId status ticketName quantity currency subtotalMinor discountMinor totalMinor promoCode expiresAt checkoutUrl";

export type OrderResult = {
  id: string;
  eventId: string;
  status: "OPEN" | "PAID" | "EXPIRED";
  ticketName: string;
  quantity: number;
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  promoCode: string | null;
  expiresAt: string;
  checkoutUrl: string | null;
};

export type CheckoutInputShape = {
  ticketTypeId: string;
  quantity: number;
  promoCode?: string | null;
  answers?: { questionId: string; values: string[] }[];
  guest?: { name: string; email: string } | null;
  origin?: string | null;
};

export const startCheckout = (browser: TestBrowser, eventId: string, input: CheckoutInputShape) =>
  browser.graphql<{ startCheckout: { url: string | null; order: OrderResult } }>(
    `mutation ($eventId: ID!, $input: StartCheckoutInput!) {
      startCheckout(eventId: $eventId, input: $input) { url order { ${ORDER_FIELDS} } } }`,
    { eventId, input: { answers: [], ...input } },
  );

export const readOrder = async (browser: TestBrowser, id: string) =>
  (
    await browser.graphql<{ ticketOrder: OrderResult | null }>(
      `query ($id: ID!) { ticketOrder(id: $id) { ${ORDER_FIELDS} } }`,
      { id },
    )
  ).data?.ticketOrder ?? null;

export const cancelCheckout = (browser: TestBrowser, orderId: string) =>
  browser.graphql<{ cancelCheckout: OrderResult }>(
    `mutation ($id: ID!) { cancelCheckout(orderId: $id) { ${ORDER_FIELDS} } }`,
    { id: orderId },
  );

/** The Checkout Session id at the end of a stand-in checkout address. */
export const sessionIdOf = (url: string) => new URL(url).pathname.split("/").pop() as string;

/** A checkout that must have started: its order and Stripe's page. */
export async function started(browser: TestBrowser, eventId: string, input: CheckoutInputShape) {
  const result = await startCheckout(browser, eventId, input);
  expect(result.errors).toBeUndefined();
  const start = result.data?.startCheckout;
  if (!start) throw new Error("no checkout");
  return { order: start.order, url: start.url as string };
}

/** A community (the operator's account takes its payments) with a published paid event. */
export async function paidEvent(
  world: PaymentsWorld,
  options: { currency?: string; capacity?: number | null; priceMinor?: number; waitlist?: boolean } = {},
) {
  const { t } = world;
  const owner = await quickSignIn(t, "Olga Owner");
  const created = await owner.browser.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Paid Circle",
        slug: `paid-${randomUUID().slice(0, 8)}`,
        timeZone: "UTC",
        currency: options.currency ?? "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  expect(created.errors).toBeUndefined();
  const communityId = created.data?.createCommunity.id as string;
  const event: EventResult = await createEvent(owner.browser, communityId, {
    capacity: options.capacity === undefined ? 20 : options.capacity,
    waitlistEnabled: options.waitlist ?? false,
    ticketTypes: [{ name: "Standard", priceMinor: options.priceMinor ?? 2500, maxPerOrder: 4 }],
  });
  return { owner, communityId, event, ticketTypeId: event.ticketTypes[0]?.id as string };
}

/** The ledger's rows of an event's orders. */
export async function paymentsOf(world: PaymentsWorld, eventId: string): Promise<PaymentRow[]> {
  const db = world.t.server.database.db;
  const orders = await db.select().from(ticketOrder).where(eq(ticketOrder.eventId, eventId));
  const rows = await Promise.all(orders.flatMap((o) => (o.paymentId ? [paymentRow(db, o.paymentId)] : [])));
  return rows.flatMap((row) => (row ? [row] : []));
}
