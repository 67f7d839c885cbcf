import { useQuery } from "@tanstack/react-query";
import { Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { PaymentQuery } from "#client/gql/graphql.ts";
import { paymentQueryOptions } from "../api/payments-queries.ts";
import { paymentErrorMessage } from "../error-message.ts";
import { exactDate, METHOD_LABEL, money, PURPOSE_LABEL, STATUS_BADGE, STATUS_LABEL } from "../labels.ts";
import { RefundDialog } from "./refund-dialog.tsx";

type Props = {
  communityId: string;
  /** The payment shown; null keeps the drawer closed. */
  paymentId: string | null;
  name: string;
  onClose: () => void;
};

/** One payment: who paid what for what, its money after fees and refunds, each refund, and "Refund". */
export function PaymentDrawer({ communityId, paymentId, name, onClose }: Props) {
  return (
    <Modal
      side="right"
      open={paymentId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={name ? `Payment from ${name}` : "Payment"}
    >
      {paymentId ? <PaymentDetails communityId={communityId} paymentId={paymentId} /> : null}
    </Modal>
  );
}

type Payment = PaymentQuery["payment"];

function PaymentDetails({ communityId, paymentId }: { communityId: string; paymentId: string }) {
  const { data: payment, error, isPending } = useQuery(paymentQueryOptions(communityId, paymentId));
  const [refunding, setRefunding] = useState(false);
  if (isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading the payment">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error || !payment) {
    return (
      <p role="alert" className="text-sm">
        {paymentErrorMessage(error, "This payment could not be loaded.")}
      </p>
    );
  }
  const left = payment.amountMinor - payment.refundedMinor;
  const refundable = payment.status === "SUCCEEDED" || payment.status === "PARTIALLY_REFUNDED";
  const at = (iso: string) => <time dateTime={iso}>{exactDate.format(new Date(iso))}</time>;
  return (
    <div className="grid gap-6 text-sm">
      <div className="grid gap-2">
        <p className="text-2xl font-semibold tabular-nums">{money(payment.amountMinor, payment.currency)}</p>
        <div className="flex flex-wrap gap-2">
          <Badge variant={STATUS_BADGE[payment.status]}>{STATUS_LABEL[payment.status]}</Badge>
          <Badge variant="secondary">{METHOD_LABEL[payment.method]}</Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Fact label="Payer" wide>
          {payment.payer.name}
          {payment.payer.email ? (
            <span className="block font-normal break-all text-muted-foreground">{payment.payer.email}</span>
          ) : null}
          {payment.payer.userId ? (
            <span className="block font-normal text-muted-foreground">Member</span>
          ) : null}
        </Fact>
        <Fact label="For">{PURPOSE_LABEL[payment.purpose]}</Fact>
        <Fact label="Event">{payment.event?.title ?? "None"}</Fact>
        <Fact label="Recorded">{at(payment.createdAt)}</Fact>
        <Fact label="Paid">{payment.succeededAt ? at(payment.succeededAt) : "Not yet"}</Fact>
        <Fact label="Fee">{money(payment.feeMinor, payment.currency)}</Fact>
        <Fact label="Refunded">{money(payment.refundedMinor, payment.currency)}</Fact>
        <Fact label="Net" wide>
          {money(payment.netMinor, payment.currency)}
        </Fact>
        {payment.providerRef ? (
          <Fact label="Reference" wide>
            <span className="break-all">{payment.providerRef}</span>
          </Fact>
        ) : null}
        {payment.note ? (
          <Fact label="Note" wide>
            <span className="font-normal whitespace-pre-wrap">{payment.note}</span>
          </Fact>
        ) : null}
      </dl>
      <Refunds payment={payment} />
      {refundable ? (
        <div className="grid gap-2">
          <Button variant="outline" onClick={() => setRefunding(true)}>
            <Undo2Icon aria-hidden="true" /> Refund
          </Button>
          <p className="text-muted-foreground">{money(left, payment.currency)} can still be refunded.</p>
        </div>
      ) : null}
      {refunding ? (
        <RefundDialog
          communityId={communityId}
          payment={payment}
          registrationCancelable={payment.registrationCancelable}
          open
          onOpenChange={setRefunding}
        />
      ) : null}
    </div>
  );
}

function Refunds({ payment }: { payment: Payment }) {
  if (payment.refunds.length === 0) return null;
  return (
    <section aria-labelledby="payment-refunds" className="grid gap-2">
      <h3 id="payment-refunds" className="font-medium">
        Refunds
      </h3>
      <ul className="grid gap-2">
        {payment.refunds.map((refund) => (
          <li key={refund.id} className="grid gap-0.5 rounded-lg border p-3">
            <span className="font-medium tabular-nums">{money(refund.amountMinor, payment.currency)}</span>
            <span className="whitespace-pre-wrap">{refund.reason}</span>
            <time dateTime={refund.createdAt} className="text-muted-foreground">
              {exactDate.format(new Date(refund.createdAt))}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}
