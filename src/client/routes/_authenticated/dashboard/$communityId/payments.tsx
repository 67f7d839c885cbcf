import { createFileRoute } from "@tanstack/react-router";
import { CreditCardIcon } from "lucide-react";
import { ComingSoonPanel } from "#client/components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/payments")({
  component: PaymentsPage,
});

function PaymentsPage() {
  return (
    <ComingSoonPanel
      title="Payments"
      icon={CreditCardIcon}
      summary="Membership fees and ticket sales, with a clear record of every payment."
      plans={[
        "Connect a payment provider for your community",
        "Offer paid memberships and event tickets",
        "See payouts, refunds and outstanding amounts",
        "Download statements for your bookkeeping",
      ]}
    />
  );
}
