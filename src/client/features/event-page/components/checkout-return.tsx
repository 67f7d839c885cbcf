import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlertIcon, CircleCheckIcon, ClockIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { ticketOrderQueryOptions, useCancelCheckout } from "#client/features/event-page/api/checkout.ts";
import { eventPageKeys } from "#client/features/event-page/api/event-page-queries.ts";
import { formatPrice } from "#client/lib/money.ts";

/** How the buyer came back from Stripe's page: after paying, or by its "back" link. */
export type CheckoutOutcome = "paid" | "canceled";

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));

function Notice({
  tone,
  icon,
  title,
  children,
}: {
  tone: "success" | "info";
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className={
        tone === "success"
          ? "flex gap-3 rounded-xl border border-emerald-600/40 bg-emerald-600/10 p-4"
          : "flex gap-3 rounded-xl border bg-muted p-4"
      }
    >
      <span className="mt-0.5 shrink-0" aria-hidden="true">
        {icon}
      </span>
      <div className="grid gap-2">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * What became of the order the buyer just left Stripe's page with. After paying, the payment is
 * confirmed by Stripe's webhook: the page looks again until the order is paid. After going back
 * without paying, the seats are still held: pay after all, or let them go now.
 */
export function CheckoutReturn({
  eventId,
  orderId,
  outcome,
}: {
  eventId: string;
  orderId: string;
  outcome: CheckoutOutcome;
}) {
  const queryClient = useQueryClient();
  const { data: order, isPending, isError } = useQuery(ticketOrderQueryOptions(orderId, outcome === "paid"));
  const cancel = useCancelCheckout(eventId);
  const status = order?.status;
  useEffect(() => {
    // The registration changed with the order: the page's own section follows.
    if (status === "PAID" || status === "EXPIRED")
      void queryClient.invalidateQueries({ queryKey: eventPageKeys.detail(eventId) });
  }, [status, eventId, queryClient]);

  if (isPending) return null;
  if (isError || !order || order.eventId !== eventId) {
    return (
      <Notice
        tone="info"
        icon={<CircleAlertIcon className="size-5 text-muted-foreground" />}
        title="We couldn't find this order"
      >
        <p className="text-sm">If you paid, your ticket and receipt come by email.</p>
      </Notice>
    );
  }
  const what = `${order.quantity} × ${order.ticketName}, ${formatPrice(order.totalMinor, order.currency)}`;
  if (order.status === "PAID") {
    return (
      <Notice
        tone="success"
        icon={<CircleCheckIcon className="size-5 text-emerald-700 dark:text-emerald-400" />}
        title="You're going: payment received"
      >
        <p className="text-sm">{what}. Your ticket and the receipt are on their way to your email.</p>
      </Notice>
    );
  }
  if (order.status === "EXPIRED") {
    return (
      <Notice
        tone="info"
        icon={<ClockIcon className="size-5 text-muted-foreground" />}
        title="This checkout ended without a payment"
      >
        <p className="text-sm">The seats went back. You can start again below.</p>
      </Notice>
    );
  }
  if (outcome === "paid") {
    return (
      <Notice tone="info" icon={<Spinner label="Confirming" />} title="Confirming your payment…">
        <p className="text-sm">{what}. This takes a few seconds; you can keep this page open.</p>
      </Notice>
    );
  }
  return (
    <Notice
      tone="info"
      icon={<ClockIcon className="size-5 text-muted-foreground" />}
      title={`Your seats are held until ${timeOf(order.expiresAt)}`}
    >
      <p className="text-sm">{what}. Pay before then to keep them, or let them go for someone else.</p>
      <div className="flex flex-wrap gap-2">
        {order.checkoutUrl ? (
          <a href={order.checkoutUrl} className={buttonVariants({ size: "sm" })}>
            Return to payment
          </a>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(order.id)}
        >
          {cancel.isPending ? <Spinner label="Releasing" /> : null}
          Release my seats
        </Button>
      </div>
      <FieldError>{cancel.error ? cancel.error.message : null}</FieldError>
    </Notice>
  );
}
