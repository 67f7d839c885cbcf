import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ExternalLinkIcon } from "lucide-react";
import { useState } from "react";
import { planPriceText } from "#client/components/plans/plan-price.ts";
import { PlanStatusBadge } from "#client/components/plans/plan-status-badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { myPlanMembershipsQueryOptions, useBillingPortal } from "#client/features/plans/api/plans-queries.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { leaveFor } from "#client/lib/leave-for.ts";

const day = (at: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(at));

/** The person's membership plans: each with its status, next renewal or end, and Manage billing. */
export function YourPlans() {
  const { data: plans } = useSuspenseQuery(myPlanMembershipsQueryOptions());
  const portal = useBillingPortal();
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<{ communityId: string; message: string } | null>(null);

  async function manage(communityId: string) {
    setError(null);
    setOpening(communityId);
    try {
      leaveFor(await portal.mutateAsync(communityId));
    } catch (caught) {
      setError({
        communityId,
        message:
          caught instanceof GraphQLRequestError
            ? caught.message
            : "We couldn't reach the server. Please try again.",
      });
    } finally {
      setOpening(null);
    }
  }

  return (
    <section aria-labelledby="your-plans-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="your-plans-title" className="text-xl font-semibold tracking-tight">
          Membership plans
        </h2>
        <p className="text-sm text-muted-foreground">
          Your plans, and their card, invoices and cancellation on Stripe.
        </p>
      </div>
      {plans.length === 0 ? (
        <p className="text-sm text-muted-foreground">You don&apos;t hold a membership plan.</p>
      ) : (
        <ul className="grid gap-3">
          {plans.map((membership) => {
            return (
              <li
                key={membership.membershipId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{membership.plan.name}</span>
                    <PlanStatusBadge status={membership.status} />
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <Link
                      to="/c/$slug"
                      params={{ slug: membership.communitySlug }}
                      className="font-medium text-foreground hover:underline focus-visible:underline"
                    >
                      {membership.communityName}
                    </Link>{" "}
                    · {planPriceText(membership.plan)}
                  </p>
                  {membership.renewsAt ? (
                    <p className="text-sm text-muted-foreground">Renews on {day(membership.renewsAt)}</p>
                  ) : null}
                  {membership.endsAt ? (
                    <p className="text-sm text-muted-foreground">Ends on {day(membership.endsAt)}</p>
                  ) : null}
                  {error?.communityId === membership.communityId ? (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {error.message}
                    </p>
                  ) : null}
                </div>
                {membership.canManageBilling ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Manage billing for ${membership.plan.name} of ${membership.communityName}`}
                    disabled={opening !== null}
                    onClick={() => void manage(membership.communityId)}
                  >
                    {opening === membership.communityId ? (
                      <Spinner label="Opening" />
                    ) : (
                      <ExternalLinkIcon aria-hidden="true" />
                    )}
                    Manage billing
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
