import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { eventMailContext } from "#server/modules/events/event-mail-context.service.ts";
import { billingDetailsOf } from "#server/modules/payments/billing-details.service.ts";
import { paymentRow } from "#server/modules/payments/ledger.service.ts";
import { ticketOrder } from "./checkout.tables.ts";

/** What a ticket receipt says: who sold what to whom, for how much, and the payment's reference. */
export type ReceiptContext = {
  to: string;
  payerName: string;
  seller: { name: string; legalName: string; address: string; taxNote: string };
  event: { id: string; title: string; startsAt: Date; endsAt: Date; timeZone: string };
  line: { name: string; quantity: number; unitPriceMinor: number; memberPrice: boolean };
  subtotalMinor: number;
  discountMinor: number;
  promoCode: string | null;
  totalMinor: number;
  currency: string;
  reference: string;
  paidAt: Date;
};

/** The receipt of a paid ticket order by its payment; a string says why there is none to send. */
export async function receiptContext(db: Db, paymentId: string): Promise<ReceiptContext | string> {
  const [order] = await db.select().from(ticketOrder).where(eq(ticketOrder.paymentId, paymentId)).limit(1);
  if (!order) return "the payment is not a ticket order's";
  const [paid, event, hosts, billing] = await Promise.all([
    paymentRow(db, paymentId),
    eventMailContext(db, order.eventId),
    communityHosts(db, [order.communityId]),
    billingDetailsOf(db, order.communityId),
  ]);
  if (!paid || !event) return "the payment or its event is gone";
  const to = paid.payerEmail;
  if (!to) return "the payer left no address";
  const name = hosts.get(order.communityId)?.name ?? event.hostName;
  return {
    to,
    payerName: paid.payerName,
    seller: {
      name,
      legalName: billing.legalName || name,
      address: billing.address,
      taxNote: billing.taxNote,
    },
    event: {
      id: event.id,
      title: event.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      timeZone: event.timeZone,
    },
    line: {
      name: order.ticketName,
      quantity: order.quantity,
      unitPriceMinor: order.unitPriceMinor,
      memberPrice: order.memberPrice,
    },
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    promoCode: order.promoCodeText,
    totalMinor: paid.amountMinor,
    currency: paid.currency,
    reference: paid.providerRef ?? paid.id,
    paidAt: paid.succeededAt ?? paid.createdAt,
  };
}
