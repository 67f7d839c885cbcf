import { useId } from "react";
import { planPriceText } from "#client/components/plans/plan-price.ts";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { RadioGroup, RadioGroupItem } from "#client/components/ui/radio-group.tsx";
import type { OfferedPlan } from "#client/features/membership/api/community-page.ts";

function benefits(plan: OfferedPlan): string[] {
  return [
    plan.membersOnlyEvents ? "Members-only events" : null,
    plan.memberPrices ? "Member ticket prices" : null,
  ].filter((text): text is string => text !== null);
}

/** The community's plans as a choice, each with its price, what it gives and whether an admin approves first. */
export function PlanChoice({
  plans,
  value,
  onChange,
  error,
  needsApproval,
}: {
  plans: readonly OfferedPlan[];
  value: string;
  onChange: (planId: string) => void;
  error: string | undefined;
  needsApproval: (plan: OfferedPlan) => boolean;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Choose a plan</legend>
      <RadioGroup
        name={`${id}-plan`}
        value={value}
        onValueChange={onChange}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid gap-2"
      >
        {plans.map((plan) => (
          <label
            key={plan.id}
            htmlFor={`${id}-${plan.id}`}
            className="flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
          >
            <RadioGroupItem id={`${id}-${plan.id}`} value={plan.id} className="mt-1" />
            <span className="grid min-w-0 gap-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{plan.name}</span>
                <span className="text-sm font-medium tabular-nums">{planPriceText(plan)}</span>
              </span>
              {plan.description ? (
                <span className="text-sm wrap-anywhere text-muted-foreground">{plan.description}</span>
              ) : null}
              {benefits(plan).length > 0 ? (
                <span className="text-sm text-muted-foreground">{benefits(plan).join(" · ")}</span>
              ) : null}
              {needsApproval(plan) ? (
                <span className="text-sm text-muted-foreground">
                  An admin approves each request{plan.interval === "FREE" ? "" : "; you pay once approved"}.
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </RadioGroup>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
