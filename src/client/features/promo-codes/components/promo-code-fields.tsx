import type { ReactNode } from "react";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import type { PromoCodeValues, PromoErrors } from "#client/features/promo-codes/promo-code-form.ts";

export type TicketChoice = { id: string; name: string };
/** An event a code can be for, with its ticket types. */
export type EventChoice = { id: string; title: string; ticketTypes: readonly TicketChoice[] };

type Props = {
  /** Prefix of every control's id. */
  id: string;
  values: PromoCodeValues;
  errors: PromoErrors;
  set: (patch: Partial<PromoCodeValues>) => void;
  currency: string;
  timeZone: string;
  ticketTypes: readonly TicketChoice[];
  /** The edit dialog's "Applies to": every event, or one of these. */
  events?: readonly EventChoice[] | undefined;
  /** Buyers have used the code this many times: its text stays as they know it. */
  lockedUses?: number | undefined;
};

/** What a promo code takes off, for which tickets, how often and when; wired to its errors. */
export function PromoCodeFields({
  id,
  values,
  errors,
  set,
  currency,
  timeZone,
  ticketTypes,
  events,
  lockedUses,
}: Props) {
  const fieldId = (name: string) => `${id}-${name}`;
  const wired = (name: keyof PromoErrors, hint?: boolean) => ({
    id: fieldId(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [hint ? `${fieldId(name)}-hint` : null, errors[name] ? `${fieldId(name)}-error` : null]
        .filter(Boolean)
        .join(" ") || undefined,
  });
  const errorOf = (name: keyof PromoErrors) => (
    <FieldError id={`${fieldId(name)}-error`}>{errors[name]}</FieldError>
  );
  const locked = lockedUses !== undefined && lockedUses > 0;
  return (
    <>
      {events ? (
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId("eventId")}>Applies to</Label>
          <select
            {...wired("eventId")}
            className={formSelectClass}
            value={values.eventId}
            onChange={(e) => {
              const eventId = e.target.value;
              const tickets = events.find((event) => event.id === eventId)?.ticketTypes ?? [];
              // A ticket type belongs to one event: moving the code leaves it for all of the new one's.
              const keeps = tickets.some((ticket) => ticket.id === values.ticketTypeId);
              set({ eventId, ticketTypeId: keeps ? values.ticketTypeId : "" });
            }}
          >
            <option value="">Every event</option>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title}
              </option>
            ))}
          </select>
          {errorOf("eventId")}
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId("code")}>Code</Label>
        <Input
          {...wired("code", locked)}
          autoComplete="off"
          maxLength={40}
          readOnly={locked}
          className={locked ? "bg-muted" : undefined}
          value={values.code}
          onChange={(e) => set({ code: e.target.value })}
        />
        {locked ? (
          <FieldHint id={`${fieldId("code")}-hint`}>
            Buyers have used this code {lockedUses === 1 ? "once" : `${lockedUses} times`}, so it can't be
            renamed. Make a new code for a new name.
          </FieldHint>
        ) : null}
        {errorOf("code")}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Discount</legend>
        <div className="flex flex-wrap gap-4">
          {(["percent", "amount"] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fieldId("kind")}
                className="size-4 accent-primary"
                checked={values.kind === kind}
                onChange={() => set({ kind })}
              />
              {kind === "percent" ? "Percent off" : "Amount off each ticket"}
            </label>
          ))}
        </div>
        <div className="grid gap-1.5 sm:max-w-48">
          <Label htmlFor={fieldId("value")}>
            {values.kind === "percent" ? "Percent off (%)" : `Amount off (${currency})`}
          </Label>
          <Input
            {...wired("value")}
            inputMode={values.kind === "percent" ? "numeric" : "decimal"}
            autoComplete="off"
            value={values.kind === "percent" ? values.percent : values.amount}
            onChange={(e) =>
              set(values.kind === "percent" ? { percent: e.target.value } : { amount: e.target.value })
            }
          />
          {errorOf("value")}
        </div>
      </fieldset>
      {ticketTypes.length > 1 || values.ticketTypeId ? (
        <div className="grid gap-1.5">
          <Label htmlFor={fieldId("ticketTypeId")}>Ticket type</Label>
          <select
            {...wired("ticketTypeId")}
            className={formSelectClass}
            value={values.ticketTypeId}
            onChange={(e) => set({ ticketTypeId: e.target.value })}
          >
            <option value="">All ticket types</option>
            {ticketTypes.map((ticket) => (
              <option key={ticket.id} value={ticket.id}>
                {ticket.name}
              </option>
            ))}
          </select>
          {errorOf("ticketTypeId")}
        </div>
      ) : null}
      <div className="grid gap-1.5 sm:max-w-48">
        <Label htmlFor={fieldId("maxUses")}>Usage limit (optional)</Label>
        <Input
          {...wired("maxUses", true)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="No limit"
          value={values.maxUses}
          onChange={(e) => set({ maxUses: e.target.value })}
        />
        <FieldHint id={`${fieldId("maxUses")}-hint`}>Orders it may be used for, in all.</FieldHint>
        {errorOf("maxUses")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTime
          id={fieldId("starts")}
          legend="Starts (optional)"
          date={values.startDate}
          time={values.startTime}
          onDate={(startDate) => set({ startDate })}
          onTime={(startTime) => set({ startTime })}
          error={errorOf("starts")}
          invalid={Boolean(errors.starts)}
        />
        <DateTime
          id={fieldId("expires")}
          legend="Expires (optional)"
          date={values.endDate}
          time={values.endTime}
          onDate={(endDate) => set({ endDate })}
          onTime={(endTime) => set({ endTime })}
          error={errorOf("expires")}
          invalid={Boolean(errors.expires)}
        />
      </div>
      <FieldHint>Times are in {timeZone.replaceAll("_", " ")}.</FieldHint>
    </>
  );
}

function DateTime({
  id,
  legend,
  date,
  time,
  onDate,
  onTime,
  error,
  invalid,
}: {
  id: string;
  legend: string;
  date: string;
  time: string;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
  error: ReactNode;
  invalid: boolean;
}) {
  const describedBy = invalid ? `${id}-error` : undefined;
  const label = legend.replace(" (optional)", "");
  return (
    <fieldset className="grid content-start gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <Label htmlFor={`${id}-date`} className="sr-only">{`${label} date`}</Label>
        <Input
          id={`${id}-date`}
          type="date"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          value={date}
          onChange={(e) => onDate(e.target.value)}
        />
        <Label htmlFor={`${id}-time`} className="sr-only">{`${label} time`}</Label>
        <Input
          id={`${id}-time`}
          type="time"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          value={time}
          onChange={(e) => onTime(e.target.value)}
        />
      </div>
      {error}
    </fieldset>
  );
}
