import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import type { EventTicketType } from "#client/features/event-page/api/event-page-queries.ts";
import { ticketQuoteQueryOptions } from "#client/features/event-page/api/ticket-quote.ts";
import { orderMax, priceText } from "#client/features/event-page/ticket-sales.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { formatPrice } from "#client/lib/money.ts";
import { countOf } from "#client/lib/plural.ts";

/** The refusal's message when it names `field` (the quantity or the promo code). */
function refusalOf(error: unknown, field: "quantity" | "promoCode" | null): string | null {
  if (!error) return null;
  if (!(error instanceof GraphQLRequestError))
    return field === null ? "We couldn't work out the price. Please try again." : null;
  if (field === null) return error.fields.length === 0 ? error.message : null;
  return error.fields.find((f) => f.field === field)?.message ?? null;
}

/** What the buyer chose: how many tickets and the promo code the field shows (null: none). */
export type OrderChoice = { quantity: number; promoCode: string | null };

/** Checkout refused this promo code: shown at the field while it still holds that code. */
export type PromoRefusal = { promoCode: string; message: string };

/** The quantity the ticket allows, of what was asked for. */
export const orderQuantity = (ticket: EventTicketType, wanted: number) =>
  Math.max(1, Math.min(wanted, orderMax(ticket)));

/**
 * How many tickets, a promo code, and what it all costs: the total is the server's quote, never
 * worked out here. The code is quoted with Apply (or Enter) and stays while the quantity changes;
 * editing the field drops the quote and any refusal of the old code. The choice is the form's and
 * holds what the field shows, so checkout buys exactly that.
 */
export function PaidOrder({
  eventId,
  ticket,
  choice,
  onChange,
  refusal = null,
  askFirst = null,
}: {
  eventId: string;
  ticket: EventTicketType;
  choice: OrderChoice;
  onChange: (next: OrderChoice) => void;
  refusal?: PromoRefusal | null;
  /**
   * Nothing is paid now: the buyer asks (approval) or waits (the waitlist) and pays once a seat is
   * offered, within `offerHours`. Only the quantity is chosen; no quote, no promo code.
   */
  askFirst?: { reason: "approval" | "waitlist"; offerHours: number } | null;
}) {
  if (askFirst) return <AskFirst ticket={ticket} choice={choice} onChange={onChange} askFirst={askFirst} />;
  return (
    <PaidQuote eventId={eventId} ticket={ticket} choice={choice} onChange={onChange} refusal={refusal} />
  );
}

function AskFirst({
  ticket,
  choice,
  onChange,
  askFirst,
}: {
  ticket: EventTicketType;
  choice: OrderChoice;
  onChange: (next: OrderChoice) => void;
  askFirst: { reason: "approval" | "waitlist"; offerHours: number };
}) {
  const id = useId();
  const quantity = Math.max(1, Math.min(choice.quantity, ticket.maxPerOrder));
  const when =
    askFirst.reason === "approval" ? "once the organizers approve you" : "when a seat frees up for you";
  const hours = countOf(askFirst.offerHours, { one: "hour", other: "hours" });
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5 sm:max-w-40">
        <Label htmlFor={`${id}-quantity`}>Quantity</Label>
        <select
          id={`${id}-quantity`}
          className={formSelectClass}
          value={quantity}
          onChange={(event) => onChange({ quantity: Number(event.target.value), promoCode: null })}
        >
          {Array.from({ length: ticket.maxPerOrder }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p className="rounded-lg bg-muted/60 p-3.5 text-sm">
        Nothing to pay now. {when[0]?.toUpperCase()}
        {when.slice(1)}, we&apos;ll email you a link to pay{" "}
        {priceText(ticket.viewerPriceMinor, ticket.currency)} a ticket; you&apos;ll have {hours} to pay.
      </p>
    </div>
  );
}

function PaidQuote({
  eventId,
  ticket,
  choice,
  onChange,
  refusal,
}: {
  eventId: string;
  ticket: EventTicketType;
  choice: OrderChoice;
  onChange: (next: OrderChoice) => void;
  refusal: PromoRefusal | null;
}) {
  const id = useId();
  const max = orderMax(ticket);
  const quantity = orderQuantity(ticket, choice.quantity);
  const [typed, setTyped] = useState(choice.promoCode ?? "");
  const [applied, setApplied] = useState(choice.promoCode);
  const setWanted = (wanted: number) => onChange({ quantity: wanted, promoCode: choice.promoCode });
  const order = { eventId, ticketTypeId: ticket.id, quantity };
  const base = useQuery(ticketQuoteQueryOptions({ ...order, promoCode: null }));
  const withCode = useQuery({
    ...ticketQuoteQueryOptions({ ...order, promoCode: applied }),
    enabled: applied !== null,
  });
  const promoError =
    (applied ? refusalOf(withCode.error, "promoCode") : null) ??
    (refusal && refusal.promoCode === choice.promoCode ? refusal.message : null);
  const quantityError = refusalOf(base.error, "quantity");
  const orderError = refusalOf(base.error, null);
  const discounted = applied && withCode.data && !withCode.error ? withCode.data : null;
  const quote = discounted ?? (base.error ? null : base.data);
  const line = quote?.lines[0];

  function apply() {
    const code = typed.trim();
    setApplied(code === "" ? null : code);
  }
  function edit(value: string) {
    setTyped(value);
    const code = value.trim() === "" ? null : value.trim();
    if (code !== applied) setApplied(null);
    onChange({ quantity, promoCode: code });
  }
  function onPromoKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Inside the registration form: Enter applies the code instead of submitting it.
    event.preventDefault();
    apply();
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5 sm:max-w-40">
        <Label htmlFor={`${id}-quantity`}>Quantity</Label>
        <select
          id={`${id}-quantity`}
          className={formSelectClass}
          value={quantity}
          aria-invalid={quantityError ? true : undefined}
          aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
          onChange={(event) => setWanted(Number(event.target.value))}
        >
          {Array.from({ length: Math.max(1, max) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-quantity-error`}>{quantityError}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-promo`}>Promo code</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-promo`}
            autoComplete="off"
            maxLength={40}
            value={typed}
            aria-invalid={promoError ? true : undefined}
            aria-describedby={
              promoError ? `${id}-promo-error` : discounted ? `${id}-promo-applied` : undefined
            }
            onChange={(event) => edit(event.target.value)}
            onKeyDown={onPromoKey}
          />
          <Button type="button" variant="outline" onClick={apply}>
            Apply
          </Button>
        </div>
        <FieldError id={`${id}-promo-error`}>{promoError}</FieldError>
        {discounted?.promoCode ? (
          <p id={`${id}-promo-applied`} className="text-sm text-muted-foreground">
            Code {discounted.promoCode} applied.
          </p>
        ) : null}
      </div>
      <FieldError>{orderError}</FieldError>
      {quote && line ? (
        <dl
          aria-live="polite"
          aria-label="Order total"
          className="grid gap-1.5 rounded-lg bg-muted/60 p-3.5 text-sm"
        >
          <div className="flex justify-between gap-3">
            <dt>
              {line.quantity} × {ticket.name}
              {line.memberPrice ? " (member price)" : ""}
            </dt>
            <dd className="tabular-nums">{formatPrice(quote.subtotalMinor, quote.currency)}</dd>
          </div>
          {quote.discountMinor > 0 ? (
            <div className="flex justify-between gap-3">
              <dt>Promo code {quote.promoCode}</dt>
              <dd className="tabular-nums">−{formatPrice(quote.discountMinor, quote.currency)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3 border-t pt-1.5 font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{priceText(quote.totalMinor, quote.currency)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
