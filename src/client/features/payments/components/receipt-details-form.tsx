import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type UseFormSetError, useForm, useWatch } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import {
  type BillingDetailsField,
  type BillingDetailsValues,
  billingDetailsProblems,
  billingLimit,
  normalizeBillingDetails,
} from "#shared/billing-details.ts";
import {
  type BillingDetails,
  billingDetailsQueryOptions,
  useUpdateBillingDetails,
} from "../api/billing-details-queries.ts";
import { paymentErrorMessage } from "../error-message.ts";
import { describedBy, FormField } from "./form-field.tsx";
import { ReceiptPreview } from "./receipt-preview.tsx";

const FIELDS: readonly BillingDetailsField[] = ["legalName", "address", "taxNote"];

const valuesOf = (details: BillingDetails): BillingDetailsValues => ({
  legalName: details.legalName,
  address: details.address,
  taxNote: details.taxNote,
});

type Problem = { field: BillingDetailsField; message: string };

/** Each message beside its field, the first field focused. */
function showBeside(setError: UseFormSetError<BillingDetailsValues>, problems: readonly Problem[]) {
  for (const [index, problem] of problems.entries())
    setError(problem.field, { message: problem.message }, { shouldFocus: index === 0 });
}

/** Field errors beside their fields; anything else is the form's own message. Typed values stay. */
function saveErrorMessage(error: unknown, setError: UseFormSetError<BillingDetailsValues>): string | null {
  if (error instanceof GraphQLRequestError && error.code === "BAD_USER_INPUT") {
    const placed = error.fields.filter((f): f is typeof f & { field: BillingDetailsField } =>
      FIELDS.includes(f.field as BillingDetailsField),
    );
    showBeside(setError, placed);
    if (placed.length > 0) return null;
  }
  return paymentErrorMessage(error, "We couldn't save the receipt details. Please try again.");
}

function DetailsForm({ details, communityName }: { details: BillingDetails; communityName: string }) {
  const id = useId();
  const update = useUpdateBillingDetails(details.communityId);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<BillingDetailsValues>({
    defaultValues: valuesOf(details),
  });
  const { errors, isDirty } = formState;
  const { prompt } = useUnsavedChanges(isDirty);
  const typed = useWatch({ control }) as BillingDetailsValues;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const normalized = normalizeBillingDetails(values);
    const problems = billingDetailsProblems(normalized);
    if (problems.length > 0) {
      showBeside(setError, problems);
      return;
    }
    try {
      const saved = await update.mutateAsync(normalized);
      notify("success", "Receipt details saved.");
      // The new baseline is what the server stored (trimmed), so the form is clean again.
      reset(valuesOf(saved));
    } catch (error) {
      setFormError(saveErrorMessage(error, setError));
    }
  });

  const fieldId = (name: BillingDetailsField) => `${id}-${name}`;
  const fieldProps = (name: BillingDetailsField, hint: boolean) => ({
    id: fieldId(name),
    maxLength: billingLimit(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(fieldId(name), hint, errors[name]?.message),
    ...register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`} className="grid gap-5">
      {prompt}
      <div className="grid gap-1">
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          Receipt details
        </h3>
        <p className="text-sm text-muted-foreground">
          Who sells the tickets, as the receipt mailed to every buyer names you.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,16rem)]">
        <div className="grid content-start gap-5">
          <FormField
            id={fieldId("legalName")}
            label="Legal name"
            hint={`Left empty, receipts name ${communityName}.`}
            error={errors.legalName?.message}
          >
            <Input autoComplete="organization" {...fieldProps("legalName", true)} />
          </FormField>
          <FormField
            id={fieldId("address")}
            label="Address"
            hint="One line of the address per line."
            error={errors.address?.message}
          >
            <Textarea rows={4} autoComplete="street-address" {...fieldProps("address", true)} />
          </FormField>
          <FormField
            id={fieldId("taxNote")}
            label="Tax note"
            hint="e.g. Prices include 19 % VAT · VAT ID DE123456789"
            error={errors.taxNote?.message}
          >
            <Input autoComplete="off" {...fieldProps("taxNote", true)} />
          </FormField>
        </div>
        <ReceiptPreview values={normalizeBillingDetails(typed)} communityName={communityName} />
      </div>
      <div className="flex flex-col-reverse items-stretch gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        <FieldError className="sm:mr-auto">{formError}</FieldError>
        <Button
          type="button"
          variant="ghost"
          disabled={!isDirty || update.isPending}
          onClick={() => {
            setFormError(null);
            reset();
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? <Spinner label="Saving" /> : null}
          Save receipt details
        </Button>
      </div>
    </form>
  );
}

/** Settings → Payments: what receipts say of the seller. Shown only to those who manage payments. */
export function ReceiptDetailsForm({ communityId }: { communityId: string }) {
  const query = useQuery(billingDetailsQueryOptions(communityId));
  if (query.data) {
    const { billingDetails, name } = query.data;
    return billingDetails ? <DetailsForm details={billingDetails} communityName={name} /> : null;
  }
  if (query.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-destructive">
          {paymentErrorMessage(query.error, "We couldn't read the receipt details.")}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner label="Reading the receipt details" />
      Reading the receipt details…
    </p>
  );
}
