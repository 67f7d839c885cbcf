import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import type { PaymentMethod } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { readAmount, typedExample } from "../amount.ts";
import { useRefundPayment } from "../api/payments-queries.ts";
import { fieldErrorsOf, paymentErrorMessage } from "../error-message.ts";
import { money, viewerLocale } from "../labels.ts";
import { describedBy, FormField } from "./form-field.tsx";

export type RefundablePayment = {
  id: string;
  currency: string;
  amountMinor: number;
  refundedMinor: number;
  method: PaymentMethod;
  payer: { name: string };
};

type Errors = { amount?: string; reason?: string; cancel?: string };

/**
 * Gives money of a payment back: all that is left by default, or a part, with the reason. A card
 * payment goes back through Stripe; one recorded by hand is marked as given back. When the
 * payment's registration can still be canceled, a checkbox cancels it too (its seat goes to the
 * waitlist). Errors stay next to their field and the typed values stay.
 */
export function RefundDialog({
  communityId,
  payment,
  registrationCancelable = false,
  open,
  onOpenChange,
  onRefunded,
}: {
  communityId: string;
  payment: RefundablePayment;
  /** The payment's registration is active: offer to cancel it with the refund. */
  registrationCancelable?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the refund went through, for views beyond the payments' own (the event's registrations). */
  onRefunded?: () => void;
}) {
  const id = useId();
  const refund = useRefundPayment(communityId);
  const locale = viewerLocale();
  const left = payment.amountMinor - payment.refundedMinor;
  const byCard = payment.method === "STRIPE";
  const [amount, setAmount] = useState(() => typedExample(payment.currency, locale, left));
  const [reason, setReason] = useState("");
  const [cancelRegistration, setCancelRegistration] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const read = readAmount(amount, payment.currency, locale);
    const found: typeof errors = {};
    if (!read.ok) found.amount = read.message;
    else if (read.amountMinor > left)
      found.amount = `At most ${money(left, payment.currency)} is left to refund.`;
    if (!reason.trim()) found.reason = "Say why the money goes back.";
    setErrors(found);
    if (!read.ok || Object.keys(found).length > 0) return;
    try {
      const updated = await refund.mutateAsync({
        id: payment.id,
        amountMinor: read.amountMinor,
        reason: reason.trim(),
        cancelRegistration: registrationCancelable && cancelRegistration,
      });
      notify(
        "success",
        `Refunded ${money(read.amountMinor, payment.currency)} to ${updated.payer.name}${
          registrationCancelable && cancelRegistration ? " and canceled the registration" : ""
        }.`,
      );
      onRefunded?.();
      setReason("");
      onOpenChange(false);
    } catch (failure) {
      const byField = fieldErrorsOf(failure);
      const mapped = {
        amount: byField.amountMinor,
        reason: byField.reason,
        cancel: byField.cancelRegistration,
      };
      setErrors(mapped);
      if (!mapped.amount && !mapped.reason && !mapped.cancel)
        notify(
          "error",
          paymentErrorMessage(
            failure,
            byCard ? "The refund could not be made." : "The refund could not be recorded.",
          ),
        );
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!refund.isPending) onOpenChange(next);
      }}
      title={`Refund ${payment.payer.name}`}
      description={`${money(left, payment.currency)} of ${money(payment.amountMinor, payment.currency)} is left to refund. ${
        byCard
          ? "Stripe sends it back to the card it was paid with."
          : "Give the money back first; this records that you did."
      }`}
    >
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <FormField
          id={`${id}-amount`}
          label={`Amount to refund (${payment.currency})`}
          error={errors.amount}
          hint="Lower it to refund part of the payment."
        >
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy(`${id}-amount`, true, errors.amount)}
            onChange={(event) => setAmount(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-reason`} label="Reason" error={errors.reason}>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={TEXT_LIMITS.refundReason}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy(`${id}-reason`, false, errors.reason)}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
        {registrationCancelable ? (
          <div className="grid gap-2">
            <div className="flex gap-3">
              <input
                id={`${id}-cancel`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={cancelRegistration}
                aria-invalid={errors.cancel ? true : undefined}
                aria-describedby={describedBy(`${id}-cancel`, true, errors.cancel)}
                onChange={(event) => setCancelRegistration(event.target.checked)}
              />
              <span className="grid gap-0.5">
                <label htmlFor={`${id}-cancel`} className="cursor-pointer text-sm font-medium">
                  Also cancel the registration and free the seat
                </label>
                <FieldHint id={`${id}-cancel-hint`}>
                  The seat goes to the first person on the waitlist, if there is one.
                </FieldHint>
              </span>
            </div>
            <FieldError id={`${id}-cancel-error`}>{errors.cancel}</FieldError>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={refund.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            {refund.isPending ? <Spinner label="Refunding" /> : null}
            {byCard ? "Refund" : "Record refund"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
