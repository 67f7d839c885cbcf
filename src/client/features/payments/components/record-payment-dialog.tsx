import { useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import type { ManualPaymentMethod, PaymentPurpose } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { readAmount, typedExample } from "../amount.ts";
import { paymentEventsQueryOptions, useRecordPayment } from "../api/payments-queries.ts";
import { fieldErrorsOf, paymentErrorMessage } from "../error-message.ts";
import { MANUAL_METHODS, METHOD_LABEL, money, PURPOSE_LABEL, viewerLocale } from "../labels.ts";
import { PAYMENT_PURPOSES } from "../search-params.ts";
import { describedBy, FormField } from "./form-field.tsx";

type Form = {
  amount: string;
  currency: string;
  method: ManualPaymentMethod;
  purpose: PaymentPurpose;
  eventId: string;
  payerName: string;
  payerEmail: string;
  note: string;
  fee: string;
  /** The day it came in, on the organizer's calendar ("YYYY-MM-DD"). */
  paidOn: string;
};

type Errors = Partial<Record<keyof Form, string>>;

/** The server names fields as its input does; the form's amount is typed text. */
const FIELD_OF: Record<string, keyof Form> = { amountMinor: "amount", feeMinor: "fee", paidAt: "paidOn" };

const pad = (n: number) => String(n).padStart(2, "0");
const localDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
/** Today is now; an earlier day is its noon, so the payment stays on that day wherever it is read. */
const paidAtOf = (day: string, today: string) =>
  day === today ? null : new Date(`${day}T12:00`).toISOString();

const allCurrencies = () => Intl.supportedValuesOf("currency");

/** Money received outside Stripe: cash at the door, a bank transfer. What was typed stays on an error. */
export function RecordPaymentDialog({ communityId, currency }: { communityId: string; currency: string }) {
  const id = useId();
  const record = useRecordPayment(communityId);
  const { data: events } = useQuery(paymentEventsQueryOptions(communityId));
  const empty: Form = {
    amount: "",
    currency,
    method: "CASH",
    purpose: "TICKET",
    eventId: "",
    payerName: "",
    payerEmail: "",
    note: "",
    fee: "",
    paidOn: localDay(new Date()),
  };
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const locale = viewerLocale();

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const amount = readAmount(form.amount, form.currency, locale);
    const fee = form.fee.trim() ? readAmount(form.fee, form.currency, locale, { allowZero: true }) : null;
    const today = localDay(new Date());
    const found: Errors = {};
    if (!amount.ok) found.amount = amount.message;
    if (fee && !fee.ok) found.fee = fee.message;
    else if (fee?.ok && amount.ok && fee.amountMinor > amount.amountMinor)
      found.fee = "A fee is at most the amount.";
    if (!form.paidOn) found.paidOn = "Enter the date it was paid.";
    else if (form.paidOn > today) found.paidOn = "A payment cannot be dated in the future.";
    if (!form.payerName.trim() && !form.payerEmail.trim()) found.payerName = "Enter who paid.";
    setErrors(found);
    if (!amount.ok || (fee && !fee.ok) || Object.keys(found).length > 0) return;
    try {
      const payment = await record.mutateAsync({
        amountMinor: amount.amountMinor,
        currency: form.currency,
        method: form.method,
        purpose: form.purpose,
        eventId: form.eventId || null,
        payerName: form.payerName.trim() || null,
        payerEmail: form.payerEmail.trim() || null,
        note: form.note.trim() || null,
        feeMinor: fee?.ok ? fee.amountMinor : null,
        paidAt: paidAtOf(form.paidOn, today),
      });
      notify(
        "success",
        `Recorded ${money(payment.amountMinor, payment.currency)} from ${payment.payer.name}.`,
      );
      setForm(empty);
      setOpen(false);
    } catch (failure) {
      const byField = fieldErrorsOf(failure);
      const mapped: Errors = {};
      for (const [field, message] of Object.entries(byField)) {
        const key = FIELD_OF[field] ?? (field in empty ? (field as keyof Form) : null);
        if (key) mapped[key] = message;
      }
      setErrors(mapped);
      if (Object.keys(mapped).length === 0)
        notify("error", paymentErrorMessage(failure, "The payment could not be recorded."));
    }
  }

  const currencies = [currency, ...allCurrencies().filter((code) => code !== currency)];
  const field = (name: keyof Form) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon aria-hidden="true" /> Record payment
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (record.isPending) return;
          setOpen(next);
          if (!next) setErrors({});
        }}
        title="Record a payment"
        description="Money received outside Stripe, such as cash at the door or a bank transfer."
      >
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <FormField
              id={`${id}-amount`}
              label="Amount"
              error={errors.amount}
              hint={`For example ${typedExample(form.currency, locale)}`}
            >
              <Input
                {...field("amount")}
                inputMode="decimal"
                autoComplete="off"
                value={form.amount}
                aria-describedby={describedBy(`${id}-amount`, true, errors.amount)}
                onChange={(event) => set({ amount: event.target.value })}
              />
            </FormField>
            <FormField id={`${id}-currency`} label="Currency" error={errors.currency}>
              <select
                {...field("currency")}
                className={selectClass}
                value={form.currency}
                aria-describedby={describedBy(`${id}-currency`, false, errors.currency)}
                onChange={(event) => set({ currency: event.target.value })}
              >
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={`${id}-fee`}
              label="Fee (optional)"
              error={errors.fee}
              hint="What receiving it cost, such as a bank charge."
            >
              <Input
                {...field("fee")}
                inputMode="decimal"
                autoComplete="off"
                value={form.fee}
                aria-describedby={describedBy(`${id}-fee`, true, errors.fee)}
                onChange={(event) => set({ fee: event.target.value })}
              />
            </FormField>
            <FormField id={`${id}-paidOn`} label="Received on" error={errors.paidOn}>
              <Input
                {...field("paidOn")}
                type="date"
                max={localDay(new Date())}
                value={form.paidOn}
                aria-describedby={describedBy(`${id}-paidOn`, false, errors.paidOn)}
                onChange={(event) => set({ paidOn: event.target.value })}
              />
            </FormField>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Paid by</legend>
            <div className="flex flex-wrap gap-2">
              {MANUAL_METHODS.map((method) => (
                <label
                  key={method}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={method}
                    checked={form.method === method}
                    onChange={() => set({ method })}
                    className="accent-primary"
                  />
                  {METHOD_LABEL[method]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-purpose`} label="For" error={errors.purpose}>
              <select
                {...field("purpose")}
                className={selectClass}
                value={form.purpose}
                aria-describedby={describedBy(`${id}-purpose`, false, errors.purpose)}
                onChange={(event) => set({ purpose: event.target.value as PaymentPurpose })}
              >
                {PAYMENT_PURPOSES.map((purpose) => (
                  <option key={purpose} value={purpose}>
                    {PURPOSE_LABEL[purpose]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-eventId`} label="Event (optional)" error={errors.eventId}>
              <select
                {...field("eventId")}
                className={selectClass}
                value={form.eventId}
                aria-describedby={describedBy(`${id}-eventId`, false, errors.eventId)}
                onChange={(event) => set({ eventId: event.target.value })}
              >
                <option value="">No event</option>
                {(events ?? []).map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-payerName`} label="Payer's name" error={errors.payerName}>
              <Input
                {...field("payerName")}
                autoComplete="off"
                maxLength={TEXT_LIMITS.personName}
                value={form.payerName}
                aria-describedby={describedBy(`${id}-payerName`, false, errors.payerName)}
                onChange={(event) => set({ payerName: event.target.value })}
              />
            </FormField>
            <FormField
              id={`${id}-payerEmail`}
              label="Payer's email (optional)"
              error={errors.payerEmail}
              hint="A member's address links the payment to them."
            >
              <Input
                {...field("payerEmail")}
                type="email"
                autoComplete="off"
                maxLength={TEXT_LIMITS.emailAddress}
                value={form.payerEmail}
                aria-describedby={describedBy(`${id}-payerEmail`, true, errors.payerEmail)}
                onChange={(event) => set({ payerEmail: event.target.value })}
              />
            </FormField>
          </div>
          <FormField
            id={`${id}-note`}
            label="Note (optional)"
            error={errors.note}
            hint="A receipt number or what it was for."
          >
            <Textarea
              {...field("note")}
              rows={2}
              maxLength={TEXT_LIMITS.paymentNote}
              value={form.note}
              aria-describedby={describedBy(`${id}-note`, true, errors.note)}
              onChange={(event) => set({ note: event.target.value })}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={record.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? <Spinner label="Recording" /> : null}
              Record payment
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
