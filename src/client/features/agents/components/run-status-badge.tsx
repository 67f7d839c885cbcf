import { Badge } from "#client/components/ui/badge.tsx";
import type { AgentRunStatus, AgentStepStatus } from "#client/gql/graphql.ts";
import { RUN_STATUS_LABELS, STEP_STATUS_LABELS } from "../labels.ts";

const RUN_VARIANTS: Record<AgentRunStatus, "default" | "secondary" | "outline" | "success" | "destructive"> =
  {
    QUEUED: "outline",
    RUNNING: "default",
    AWAITING_APPROVAL: "default",
    SUCCEEDED: "success",
    FAILED: "destructive",
    SKIPPED: "secondary",
    STOPPED_BY_LIMIT: "destructive",
  };

const STEP_VARIANTS: Record<
  AgentStepStatus,
  "default" | "secondary" | "outline" | "success" | "destructive"
> = {
  PENDING: "outline",
  DONE: "success",
  FAILED: "destructive",
  SKIPPED: "secondary",
  PROPOSED: "default",
  REJECTED: "secondary",
  UNDONE: "outline",
};

export function RunStatusBadge({ status }: { status: AgentRunStatus }) {
  return <Badge variant={RUN_VARIANTS[status]}>{RUN_STATUS_LABELS[status]}</Badge>;
}

export function StepStatusBadge({ status }: { status: AgentStepStatus }) {
  return <Badge variant={STEP_VARIANTS[status]}>{STEP_STATUS_LABELS[status]}</Badge>;
}
