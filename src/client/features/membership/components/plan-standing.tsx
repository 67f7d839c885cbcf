import { CreditCardIcon, HourglassIcon, XCircleIcon } from "lucide-react";
import { useState } from "react";
import { planPriceText } from "#client/components/plans/plan-price.ts";
import { PlanStatusBadge } from "#client/components/plans/plan-status-badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  type CommunityPageData,
  useSubscribeToPlan,
} from "#client/features/membership/api/community-page.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { leaveFor } from "#client/lib/leave-for.ts";

/** Sends the browser to Stripe Checkout for a plan; answers what went wrong, or nothing. */
export function usePayForPlan() {
  const subscribe = useSubscribeToPlan();
  const [error, setError] = useState<string | null>(null);
  async function pay(planId: string) {
    setError(null);
    try {
      leaveFor(await subscribe.mutateAsync(planId));
    } catch (caught) {
      setError(
        caught instanceof GraphQLRequestError
          ? caught.message
          : "We couldn't reach the server. Please try again.",
      );
    }
  }
  return { pay, pending: subscribe.isPending, error };
}

/** Where the member stands with their plan, and the payment an approved plan waits for. */
export function PlanStanding({ community }: { community: CommunityPageData }) {
  const membership = community.viewerMembership;
  const { pay, pending, error } = usePayForPlan();
  if (!membership?.plan || !membership.planStatus) return null;
  const offered = community.plans.find((plan) => plan.id === membership.plan?.id);
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Plan:</span>
        <span className="font-medium">{membership.plan.name}</span>
        <PlanStatusBadge status={membership.planStatus} />
      </p>
      {membership.planStatus === "AWAITING_PAYMENT" ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            You were approved. Your {membership.plan.name} membership starts once you have paid
            {offered ? ` (${planPriceText(offered)})` : ""}.
          </p>
          <Button className="w-fit" disabled={pending} onClick={() => void pay(membership.plan?.id ?? "")}>
            {pending ? <Spinner label="Opening checkout" /> : <CreditCardIcon aria-hidden="true" />}
            Pay for {membership.plan.name}
          </Button>
        </div>
      ) : null}
      {membership.planStatus === "PAST_DUE" ? (
        <p className="text-sm text-muted-foreground">
          Your last payment did not go through. Update your card under Manage billing on your profile.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Back from Stripe: what became of the checkout, while the payment's confirmation is awaited. */
export function CheckoutReturnNote({ outcome, waiting }: { outcome: "paid" | "canceled"; waiting: boolean }) {
  if (outcome === "canceled")
    return (
      <p role="status" className="flex gap-2 text-sm text-muted-foreground">
        <XCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Checkout canceled: nothing was charged. You can choose a plan again.
      </p>
    );
  if (!waiting) return null;
  return (
    <p role="status" className="flex gap-2 text-sm">
      <HourglassIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      Payment received. Your membership starts as soon as Stripe confirms it, in a moment.
    </p>
  );
}
