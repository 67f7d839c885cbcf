import { Link } from "@tanstack/react-router";
import { CreditCardIcon, Trash2Icon } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import type { TicketPricing } from "#client/features/events/api/ticket-pricing-queries.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { ORDER_LIMIT } from "#shared/pricing.ts";
import type { EventFormOutput, EventFormValues } from "./event-form-schema.ts";
import { WallTimeField } from "./wall-time-field.tsx";

type Field = "name" | "quantity" | "price" | "memberPrice" | "maxPerOrder";

/** One ticket type: name, price, seats, member price, tickets per order, and when it is on sale. */
export function TicketTypeRow({
  index,
  rowId,
  communityId,
  pricing,
  savedPrice,
  canRemove,
  onRemove,
}: {
  index: number;
  rowId: string;
  communityId: string;
  pricing: TicketPricing;
  /** Priced before the community's Stripe account stopped taking charges: it stays editable. */
  savedPrice: boolean;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { register, control, formState } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const errors = formState.errors.ticketTypes?.[index];
  const [timeZone, startDate, startTime, endDate, endTime] = useWatch({
    control,
    name: [
      "timeZone",
      `ticketTypes.${index}.salesStartDate`,
      `ticketTypes.${index}.salesStartTime`,
      `ticketTypes.${index}.salesEndDate`,
      `ticketTypes.${index}.salesEndTime`,
    ],
  });
  const priced = pricing.canTakePayments || savedPrice;

  const input = (field: Field, label: string, props: React.ComponentProps<typeof Input>, hint?: string) => {
    const id = `${rowId}-${field}`;
    const error = errors?.[field]?.message;
    const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
    return (
      <div className="grid content-start gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...props}
          {...register(`ticketTypes.${index}.${field}`)}
        />
        {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  };

  return (
    <li className="grid gap-4 rounded-lg border p-3">
      <div
        className={
          priced
            ? "grid gap-3 sm:grid-cols-[1fr_9rem_10rem_auto] sm:items-start"
            : "grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        }
      >
        {input("name", "Name", { maxLength: TEXT_LIMITS.ticketTypeName })}
        {priced
          ? input("price", `Price (${pricing.currency})`, { inputMode: "decimal", placeholder: "Free" })
          : null}
        {input("quantity", "Quantity (optional)", { inputMode: "numeric", placeholder: "No limit" })}
        <Button
          variant="ghost"
          size="icon"
          className="sm:mt-6"
          disabled={!canRemove}
          aria-label={`Remove ticket type ${index + 1}`}
          title={canRemove ? undefined : "An event needs at least one ticket type"}
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      {priced ? (
        <div className="grid gap-3 sm:grid-cols-[12rem_12rem]">
          {input(
            "memberPrice",
            "Member price (optional)",
            { inputMode: "decimal", placeholder: "Same" },
            "For active members.",
          )}
          {input("maxPerOrder", "Per order", { inputMode: "numeric" }, `Up to ${ORDER_LIMIT.max} tickets.`)}
        </div>
      ) : (
        <PaymentsNotice
          id={`${rowId}-price`}
          communityId={communityId}
          canManagePayments={pricing.canManagePayments}
          error={errors?.price?.message}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <WallTimeField
          id={`${rowId}-sales-start`}
          legend="Sales start"
          required={false}
          date={register(`ticketTypes.${index}.salesStartDate`)}
          time={register(`ticketTypes.${index}.salesStartTime`)}
          dateValue={startDate}
          timeValue={startTime}
          timeZone={timeZone}
          dateError={errors?.salesStartDate?.message}
          timeError={errors?.salesStartTime?.message}
        />
        <WallTimeField
          id={`${rowId}-sales-end`}
          legend="Sales end"
          required={false}
          date={register(`ticketTypes.${index}.salesEndDate`)}
          time={register(`ticketTypes.${index}.salesEndTime`)}
          dateValue={endDate}
          timeValue={endTime}
          timeZone={timeZone}
          dateError={errors?.salesEndDate?.message}
          timeError={errors?.salesEndTime?.message}
        />
      </div>
    </li>
  );
}

/** In place of the price: tickets stay free until the community can take payments. */
function PaymentsNotice({
  id,
  communityId,
  canManagePayments,
  error,
}: {
  id: string;
  communityId: string;
  canManagePayments: boolean;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-1">
      <div
        id={id}
        className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
      >
        <CreditCardIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          <span className="font-medium text-foreground">Price: free.</span> To charge for tickets, the
          community needs Stripe connected.{" "}
          {canManagePayments ? (
            <Link
              to="/dashboard/$communityId/edit"
              params={{ communityId }}
              hash="payments"
              className="font-medium text-foreground underline underline-offset-4"
            >
              Connect Stripe in Settings → Payments
            </Link>
          ) : (
            "Ask the community's owner to connect it in Settings → Payments."
          )}
        </p>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
