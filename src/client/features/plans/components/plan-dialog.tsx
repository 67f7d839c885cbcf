import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { useSavePlan } from "#client/features/plans/api/plans-queries.ts";
import {
  checkPlan,
  INTERVAL_CHOICES,
  type PlanErrors,
  type PlanValues,
  planFieldFor,
} from "#client/features/plans/plan-form.ts";
import type { PlanInterval } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { PLAN_TEXT_LIMITS } from "#shared/plans.ts";

/** "New plan" or "Edit plan": what it costs and how often, what it gives, and who approves first. */
export function PlanDialog({
  communityId,
  currency,
  canTakePayments,
  planId,
  initial,
  open,
  onOpenChange,
}: {
  communityId: string;
  currency: string;
  canTakePayments: boolean;
  /** Null for a new plan. */
  planId: string | null;
  initial: PlanValues;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const save = useSavePlan(communityId);
  const [values, setValues] = useState<PlanValues>(initial);
  const [errors, setErrors] = useState<PlanErrors>({});
  const set = (patch: Partial<PlanValues>) => setValues((current) => ({ ...current, ...patch }));

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkPlan(values, currency);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: planId, input: checked.input });
      notify("success", planId ? `${saved.name} saved.` : `${saved.name} is on offer.`);
      onOpenChange(false);
    } catch (error) {
      const next: PlanErrors = {};
      if (error instanceof GraphQLRequestError && error.fields.length > 0) {
        for (const field of error.fields) next[planFieldFor(field.field)] ??= field.message;
      } else {
        next.form =
          error instanceof GraphQLRequestError
            ? error.message
            : "We couldn't save the plan. Please try again.";
      }
      setErrors(next);
      focusFirstInvalid(form);
    }
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const wired = (name: keyof PlanErrors, hint = false) => ({
    id: fieldId(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [hint ? `${fieldId(name)}-hint` : null, errors[name] ? `${fieldId(name)}-error` : null]
        .filter(Boolean)
        .join(" ") || undefined,
  });
  const errorOf = (name: keyof PlanErrors) => (
    <FieldError id={`${fieldId(name)}-error`}>{errors[name]}</FieldError>
  );
  const free = values.interval === "FREE";

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        onOpenChange(next);
      }}
      title={planId ? "Edit plan" : "New plan"}
      description={
        planId
          ? "A new price applies to people who join from now on; members keep what they bought. New benefits apply to everyone on the plan at once."
          : "People choose a plan when they join. Priced plans are paid through Stripe."
      }
    >
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId("name")}>Name</Label>
          <Input
            {...wired("name")}
            autoComplete="off"
            maxLength={PLAN_TEXT_LIMITS.name}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
          />
          {errorOf("name")}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId("description")}>Description (optional)</Label>
          <Textarea
            {...wired("description")}
            maxLength={PLAN_TEXT_LIMITS.description}
            rows={3}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          {errorOf("description")}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor={fieldId("interval")}>Billing</Label>
            <select
              {...wired("interval")}
              className={cn(formSelectClass, "aria-invalid:border-destructive")}
              value={values.interval}
              onChange={(e) => set({ interval: e.target.value as PlanInterval })}
            >
              {INTERVAL_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            {errorOf("interval")}
          </div>
          {free ? null : (
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fieldId("price")}>Price ({currency})</Label>
              <Input
                {...wired("price", !canTakePayments)}
                inputMode="decimal"
                autoComplete="off"
                value={values.price}
                onChange={(e) => set({ price: e.target.value })}
              />
              {canTakePayments ? null : (
                <FieldHint id={`${fieldId("price")}-hint`}>
                  Connect Stripe under Payments to charge for plans.
                </FieldHint>
              )}
              {errorOf("price")}
            </div>
          )}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Members on this plan</legend>
          {(
            [
              ["membersOnlyEvents", "See members-only events"],
              ["memberPrices", "Pay member ticket prices"],
              ["approvalRequired", "Need an admin's approval to join (charged once approved)"],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={values[key]}
                onChange={(e) => set({ [key]: e.target.checked })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <FieldError aria-live="assertive">{errors.form}</FieldError>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Saving" /> : null}
            {planId ? "Save plan" : "Create plan"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
