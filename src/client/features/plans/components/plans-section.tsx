import { useQuery } from "@tanstack/react-query";
import { BadgeCheckIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { SettingsSection } from "#client/components/layout/settings-section.tsx";
import { planPriceText } from "#client/components/plans/plan-price.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { membershipPlansQueryOptions, useArchivePlan } from "#client/features/plans/api/plans-queries.ts";
import { emptyPlan, type PlanValues, valuesOf } from "#client/features/plans/plan-form.ts";
import type { PlanFieldsFragment } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { PlanDialog } from "./plan-dialog.tsx";

function gives(plan: PlanFieldsFragment): string {
  const benefits = [
    plan.membersOnlyEvents ? "members-only events" : null,
    plan.memberPrices ? "member ticket prices" : null,
  ].filter(Boolean);
  return benefits.length > 0 ? `Gives ${benefits.join(" and ")}` : "No extra benefits";
}

/** Settings → Membership plans: the community's plans, a new one, changes, and archiving. */
export function PlansSection({ communityId, currency }: { communityId: string; currency: string }) {
  const plans = useQuery(membershipPlansQueryOptions(communityId));
  const archive = useArchivePlan();
  const [editing, setEditing] = useState<{ id: string | null; values: PlanValues; key: number } | null>(null);
  const [archiving, setArchiving] = useState<PlanFieldsFragment | null>(null);

  async function confirmArchive(plan: PlanFieldsFragment) {
    try {
      await archive.mutateAsync(plan.id);
      notify("success", `${plan.name} is archived: nobody new can join with it.`);
      setArchiving(null);
    } catch (error) {
      notify("error", error instanceof GraphQLRequestError ? error.message : "We couldn't archive the plan.");
    }
  }

  const data = plans.data;
  return (
    <SettingsSection
      anchor="plans"
      title="Membership plans"
      description="How people join: free or paid every month, every year or once, with what each plan gives. With no plans, anyone who joins is a member with every benefit."
    >
      <div className="grid gap-4">
        <div>
          <Button
            variant="outline"
            onClick={() => setEditing({ id: null, values: emptyPlan(), key: Date.now() })}
          >
            <PlusIcon aria-hidden="true" /> New plan
          </Button>
        </div>
        {plans.isPending ? (
          <Spinner label="Loading plans" />
        ) : plans.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            We couldn't load the plans. Reload the page to try again.
          </p>
        ) : data.plans.length === 0 ? (
          <div className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground">
            <BadgeCheckIcon aria-hidden="true" className="size-5 shrink-0" />
            No plans yet.
          </div>
        ) : (
          <ul className="grid gap-3">
            {data.plans.map((plan) => (
              <li
                key={plan.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{plan.name}</span>
                    <span className="text-sm tabular-nums">{planPriceText(plan)}</span>
                    {plan.archived ? (
                      <Badge variant="outline">Archived</Badge>
                    ) : (
                      <Badge variant="success">Offered</Badge>
                    )}
                    {plan.approvalRequired ? <Badge variant="secondary">Approval first</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">{gives(plan)}</p>
                  {plan.description ? (
                    <p className="text-sm wrap-anywhere text-muted-foreground">{plan.description}</p>
                  ) : null}
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${plan.name}`}
                    onClick={() => setEditing({ id: plan.id, values: valuesOf(plan), key: Date.now() })}
                  >
                    Edit
                  </Button>
                  {plan.archived ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Archive ${plan.name}`}
                      onClick={() => setArchiving(plan)}
                    >
                      Archive
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing && data ? (
        <PlanDialog
          key={editing.key}
          communityId={communityId}
          currency={currency}
          canTakePayments={data.canTakePayments}
          planId={editing.id}
          initial={editing.values}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <Modal
        open={archiving !== null}
        onOpenChange={(open) => {
          if (!open && !archive.isPending) setArchiving(null);
        }}
        title={`Archive ${archiving?.name ?? "the plan"}?`}
        description="Nobody new can join with it. Members on it keep it, with its benefits, until it ends."
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" disabled={archive.isPending} onClick={() => setArchiving(null)}>
            Keep offering it
          </Button>
          <Button
            variant="destructive"
            disabled={archive.isPending}
            onClick={() => archiving && void confirmArchive(archiving)}
          >
            {archive.isPending ? <Spinner label="Archiving" /> : null}
            Archive plan
          </Button>
        </div>
      </Modal>
    </SettingsSection>
  );
}
