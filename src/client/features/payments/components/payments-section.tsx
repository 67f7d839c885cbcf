import { useQuery } from "@tanstack/react-query";
import { CheckIcon, CircleDashedIcon, ExternalLinkIcon, InfoIcon, RefreshCwIcon } from "lucide-react";
import { SettingsSection } from "#client/components/layout/settings-section.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { leaveFor } from "#client/lib/leave-for.ts";
import { notify } from "#client/lib/notify.ts";
import {
  type PaymentConnection,
  paymentConnectionQueryOptions,
  useRefreshPaymentConnection,
  useStripeLink,
} from "../api/payment-connection-queries.ts";
import {
  EXPIRED_LINK_NOTE,
  NOT_CONFIGURED_NOTE,
  OPERATOR_ACCOUNT_NOTE,
  OWNER_ONLY_NOTE,
  paymentErrorMessage,
  STATUS_COPY,
} from "../payment-status-copy.ts";
import type { StripeReturn } from "../stripe-return.ts";
import { ReceiptDetailsForm } from "./receipt-details-form.tsx";

const checkedAtFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Stripe's addresses are single use: this tab goes there as soon as one is made. */
const goTo = leaveFor;

function Note({ children }: { children: string }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

function Flag({
  label,
  on,
  onText,
  offText,
}: {
  label: string;
  on: boolean;
  onText: string;
  offText: string;
}) {
  const Icon = on ? CheckIcon : CircleDashedIcon;
  return (
    <div className="flex items-center justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="inline-flex items-center gap-1.5 font-medium">
        <Icon className={on ? "size-4 text-success" : "size-4 text-muted-foreground"} aria-hidden="true" />
        {on ? onText : offText}
      </dd>
    </div>
  );
}

function ConnectionDetails({ connection }: { connection: PaymentConnection }) {
  return (
    <dl className="divide-y rounded-lg border px-4">
      <Flag label="Details" on={connection.detailsSubmitted} onText="Submitted" offText="Not submitted yet" />
      <Flag label="Charges" on={connection.chargesEnabled} onText="Enabled" offText="Not enabled yet" />
      <Flag label="Payouts" on={connection.payoutsEnabled} onText="Enabled" offText="Not enabled yet" />
    </dl>
  );
}

function OwnerActions({ communityId, connection }: { communityId: string; connection: PaymentConnection }) {
  const onboarding = useStripeLink(communityId, "onboarding");
  const dashboard = useStripeLink(communityId, "dashboard");
  const busy = onboarding.isPending || dashboard.isPending;
  const open = (link: typeof onboarding, fallback: string) =>
    link.mutate(undefined, {
      onSuccess: goTo,
      onError: (error) => notify("error", paymentErrorMessage(error, fallback)),
    });
  const enabled = connection.status === "CHARGES_ENABLED" || connection.status === "PAYOUTS_ENABLED";
  return (
    <>
      {enabled ? null : (
        <Button
          disabled={busy}
          onClick={() => open(onboarding, "We couldn't reach Stripe. Please try again.")}
        >
          {onboarding.isPending ? <Spinner label="Opening Stripe" /> : null}
          {connection.status === "NOT_CONNECTED" ? "Connect Stripe" : "Continue onboarding"}
        </Button>
      )}
      {connection.accountId && connection.detailsSubmitted ? (
        <Button
          variant={enabled ? "default" : "outline"}
          disabled={busy}
          onClick={() => open(dashboard, "We couldn't open the Stripe dashboard. Please try again.")}
        >
          {dashboard.isPending ? <Spinner label="Opening Stripe" /> : <ExternalLinkIcon aria-hidden="true" />}
          Open Stripe dashboard
        </Button>
      ) : null}
    </>
  );
}

function Connection({
  communityId,
  connection,
  canConnect,
  returned,
}: {
  communityId: string;
  connection: PaymentConnection;
  canConnect: boolean;
  returned: StripeReturn | undefined;
}) {
  const refresh = useRefreshPaymentConnection(communityId);
  if (connection.status === "NOT_CONFIGURED") return <Note>{NOT_CONFIGURED_NOTE}</Note>;
  const copy = STATUS_COPY[connection.status];
  const ownAccount = connection.mode === "CONNECTED_ACCOUNT";
  const checkAgain = () =>
    refresh.mutate(undefined, {
      onSuccess: () => notify("success", "Checked with Stripe just now."),
      onError: (error) =>
        notify("error", paymentErrorMessage(error, "We couldn't reach Stripe. Please try again.")),
    });
  return (
    <div className="grid gap-5">
      {returned === "refresh" && ownAccount && connection.status !== "PAYOUTS_ENABLED" ? (
        <Note>{EXPIRED_LINK_NOTE}</Note>
      ) : null}
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium">Status</span>
          <Badge variant={copy.tone} className="text-sm">
            {copy.label}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">{copy.meaning}</p>
      </div>
      {connection.status === "NOT_CONNECTED" ? null : <ConnectionDetails connection={connection} />}
      {ownAccount ? null : <Note>{OPERATOR_ACCOUNT_NOTE}</Note>}
      {ownAccount && !canConnect ? <Note>{OWNER_ONLY_NOTE}</Note> : null}
      {connection.checkedAt ? (
        <p className="text-xs text-muted-foreground">
          Last checked with Stripe{" "}
          <time dateTime={connection.checkedAt}>
            {checkedAtFormat.format(new Date(connection.checkedAt))}
          </time>
        </p>
      ) : null}
      <div className="flex flex-col-reverse items-stretch gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        {connection.status === "NOT_CONNECTED" ? null : (
          <Button variant="ghost" disabled={refresh.isPending} onClick={checkAgain}>
            {refresh.isPending ? (
              <Spinner label="Checking with Stripe" />
            ) : (
              <RefreshCwIcon aria-hidden="true" />
            )}
            Check status again
          </Button>
        )}
        {ownAccount && canConnect ? <OwnerActions communityId={communityId} connection={connection} /> : null}
      </div>
    </div>
  );
}

/**
 * Settings → Payments: how far the community is with Stripe, and the way on (connect, continue
 * onboarding, open the Stripe dashboard) for the owner; admins see the status. Below, what the
 * receipts say of the seller.
 */
export function PaymentsSection({
  communityId,
  canConnect,
  returned,
}: {
  communityId: string;
  canConnect: boolean;
  /** Stripe just sent the organizer back here (the address's marker). */
  returned: StripeReturn | undefined;
}) {
  const query = useQuery(paymentConnectionQueryOptions(communityId));
  return (
    <SettingsSection
      anchor="payments"
      title="Payments"
      description="Ticket and membership payments go through Stripe, into your community's own account."
    >
      {query.data ? (
        <Connection
          communityId={communityId}
          connection={query.data}
          canConnect={canConnect}
          returned={returned}
        />
      ) : query.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            {paymentErrorMessage(query.error, "We couldn't read how payments are set up.")}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="Checking how payments are set up" />
          Checking how payments are set up…
        </p>
      )}
      <div className="mt-8 border-t pt-6">
        <ReceiptDetailsForm communityId={communityId} />
      </div>
    </SettingsSection>
  );
}
