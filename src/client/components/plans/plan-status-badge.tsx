import { Badge } from "#client/components/ui/badge.tsx";
import type { PlanStatus } from "#client/gql/graphql.ts";

/** Where a person stands with their plan, in the words shown to the person themself. */
const STANDING: Record<
  PlanStatus,
  { label: string; variant: "success" | "secondary" | "outline" | "destructive" }
> = {
  REQUESTED: { label: "Requested", variant: "secondary" },
  AWAITING_PAYMENT: { label: "Awaiting payment", variant: "secondary" },
  ACTIVE: { label: "Active", variant: "success" },
  PAST_DUE: { label: "Payment failed", variant: "destructive" },
  CANCELING: { label: "Ends at period end", variant: "outline" },
  ENDED: { label: "Ended", variant: "outline" },
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { label, variant } = STANDING[status];
  return <Badge variant={variant}>{label}</Badge>;
}
