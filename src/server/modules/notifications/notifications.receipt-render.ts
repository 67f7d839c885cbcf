import type { Db } from "#server/db/client.ts";
import type { ReceiptContext } from "#server/modules/checkout/receipt-context.service.ts";
import { receiptContext } from "#server/modules/checkout/receipt-context.service.ts";
import type { Mail } from "#server/modules/mail/mail.service.ts";
import { receiptSellerLines } from "#shared/billing-details.ts";
import { formatMoney } from "#shared/money.ts";
import { type Block, compose, escapeHtml, formatEventTime, paragraph } from "./notifications.render.ts";

// The receipt of a paid ticket order: the seller as set in settings → payments, the line, the
// discount, the total and Stripe's reference for the payment. The ticket itself comes in its own
// mail (the registration's confirmation), as for free events.

const paidOn = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date);

function table(rows: [string, string][]): Block {
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html: `<table style="border-collapse:collapse;margin:16px 0">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0;color:#555;vertical-align:top">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(value)}</td></tr>`,
      )
      .join("")}</table>`,
  };
}

export function receiptMail(context: ReceiptContext, appUrl: string): Mail {
  const money = (minor: number) => formatMoney(minor, context.currency);
  const { line, seller } = context;
  const rows: [string, string][] = [
    [
      `${line.quantity} × ${line.name}${line.memberPrice ? " (member price)" : ""} at ${money(line.unitPriceMinor)}`,
      money(context.subtotalMinor),
    ],
  ];
  if (context.discountMinor > 0)
    rows.push([
      `Discount${context.promoCode ? ` (code ${context.promoCode})` : ""}`,
      `−${money(context.discountMinor)}`,
    ]);
  rows.push(["Total paid", money(context.totalMinor)]);
  const sellerLines = receiptSellerLines(seller, seller.name);
  const eventUrl = new URL(`/e/${context.event.id}`, appUrl).toString();
  return compose(context.to, `Receipt: ${context.event.title}`, [
    paragraph(`Hi ${context.payerName || "there"},`),
    paragraph(
      `Thank you for your payment to ${seller.name} for ${context.event.title} (${formatEventTime(context.event)}). Your ticket comes in a separate mail.`,
    ),
    table(rows),
    ...(seller.taxNote.trim() ? [paragraph(seller.taxNote.trim())] : []),
    table([
      ["Paid on", `${paidOn(context.paidAt)} UTC`],
      ["Payment reference", context.reference],
    ]),
    paragraph(`Sold by:\n${sellerLines.join("\n")}`),
    { text: `Event page: ${eventUrl}`, html: `<p><a href="${escapeHtml(eventUrl)}">Event page</a></p>` },
  ]);
}

export async function renderReceipt(
  o: { db: Db; appUrl: string },
  paymentId: string,
): Promise<Mail | string> {
  const context = await receiptContext(o.db, paymentId);
  if (typeof context === "string") return context;
  return receiptMail(context, o.appUrl);
}
