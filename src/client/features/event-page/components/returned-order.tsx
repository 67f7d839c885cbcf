import { useQuery } from "@tanstack/react-query";
import { CircleCheckIcon, MailIcon } from "lucide-react";
import { ticketOrderQueryOptions } from "#client/features/event-page/api/checkout.ts";
import type { CheckoutOutcome } from "./checkout-return.tsx";
import { StatusHeading } from "./status-heading.tsx";

/**
 * What the order the buyer came back from Stripe with means for the registration section, and the
 * tickets it holds ("2 × Standard").
 */
export type ReturnedOrder = { state: "paid" | "confirming" | "held"; tickets: string } | null;

/**
 * The same order the notice above reads (one query): paid, still being confirmed, or its seats
 * still held. An order that expired or was released leaves the form to choose again.
 */
export function useReturnedOrder(
  eventId: string,
  checkout: { orderId: string; outcome: CheckoutOutcome } | null,
): ReturnedOrder {
  const { data: order } = useQuery({
    ...ticketOrderQueryOptions(checkout?.orderId ?? "", checkout?.outcome === "paid"),
    enabled: checkout !== null,
  });
  if (!checkout || !order || order.eventId !== eventId) return null;
  const tickets = `${order.quantity} × ${order.ticketName}`;
  if (order.status === "PAID") return { state: "paid", tickets };
  if (order.status === "OPEN") return { state: checkout.outcome === "paid" ? "confirming" : "held", tickets };
  return null;
}

/**
 * In place of the registration form while the order decides it: the ticket bought (a signed-out
 * buyer's went by mail with its private link), or why there is nothing to fill in yet.
 */
export function ReturnedOrderNote({
  order,
  signedIn,
}: {
  order: NonNullable<ReturnedOrder>;
  signedIn: boolean;
}) {
  const { state, tickets } = order;
  if (state === "confirming") {
    return (
      <p className="text-sm text-muted-foreground">
        Your ticket shows here as soon as the payment is confirmed.
      </p>
    );
  }
  if (state === "held") {
    return (
      <p className="text-sm text-muted-foreground">
        Your seats are held for the order above: return to payment to keep them, or release them to choose
        again here.
      </p>
    );
  }
  return (
    <div className="grid gap-5">
      <StatusHeading
        icon={<CircleCheckIcon aria-hidden="true" />}
        title="You're going"
        tone="success"
        detail={tickets}
      >
        <p className="text-sm text-muted-foreground">
          {signedIn
            ? "Your ticket with its check-in code shows here in a moment, and comes by email too."
            : "We emailed your ticket and receipt to the address you paid with."}
        </p>
      </StatusHeading>
      {signedIn ? null : (
        <p className="flex items-start gap-2 rounded-lg bg-muted px-3.5 py-3 text-sm">
          <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            The mail has a private link to see your QR code for the door, add the event to your calendar or
            cancel. Not there? Check your spam folder.
          </span>
        </p>
      )}
    </div>
  );
}
