import { Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import type { PaymentStatus } from "#client/gql/graphql.ts";
import { type RefundablePayment, RefundDialog } from "./refund-dialog.tsx";

type Props = {
  communityId: string;
  registration: {
    status: string;
    checkedInAt?: string | null;
    person: { name: string };
    /** Null when the viewer does not manage payments. */
    payments?: readonly (RefundablePayment & { status: PaymentStatus })[] | null;
  };
  /** The event's registrations and counters changed. */
  onRefunded: () => void;
};

const ACTIVE = new Set(["GOING", "WAITLISTED", "PENDING"]);

/**
 * "Refund" on a registration's row of the event dashboard, when its ticket was paid (by card or
 * recorded by hand) and something is left to give back: the payments' refund form, with the
 * registration's cancel offered while it is active and not checked in.
 */
export function RegistrationRefund({ communityId, registration, onRefunded }: Props) {
  const [open, setOpen] = useState(false);
  const payment = registration.payments?.find(
    (p) => p.status === "SUCCEEDED" || p.status === "PARTIALLY_REFUNDED",
  );
  if (!payment) return null;
  const name = registration.person.name || "this person";
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Undo2Icon aria-hidden="true" /> Refund<span className="sr-only"> {name}</span>
      </Button>
      {open ? (
        <RefundDialog
          communityId={communityId}
          payment={payment}
          registrationCancelable={ACTIVE.has(registration.status) && !registration.checkedInAt}
          open
          onOpenChange={setOpen}
          onRefunded={onRefunded}
        />
      ) : null}
    </>
  );
}
