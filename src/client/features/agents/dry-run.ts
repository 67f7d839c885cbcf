import type { AgentActionKind, AgentTriggerKind } from "#shared/agents.ts";

// A dry run's `runs` travel as JSON (the engine's RunPlan per trigger). The panel reads only what
// it shows, and reads anything missing as absent rather than failing the whole rehearsal.

export type DryRunStepView = {
  kind: AgentActionKind | string;
  summary: string;
  reason: string;
  messages: number;
  subject: string | null;
  body: string | null;
  tag: string | null;
  decision: string | null;
};

export type DryRunView = {
  triggerKind: AgentTriggerKind | string;
  occurredAt: string | null;
  skipped: string | null;
  steps: DryRunStepView[];
  stoppedAt: { index: number; limit: string } | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : null);

function stepOf(value: unknown): DryRunStepView | null {
  if (!isRecord(value)) return null;
  const input = isRecord(value.input) ? value.input : {};
  return {
    kind: text(value.kind) ?? "",
    summary: text(value.summary) ?? "",
    reason: text(value.reason) ?? "",
    messages: typeof value.messages === "number" ? value.messages : 0,
    subject: text(input.subject),
    body: text(input.body),
    tag: text(input.tag),
    decision: text(input.decision),
  };
}

export function dryRunViews(runs: unknown): DryRunView[] {
  if (!Array.isArray(runs)) return [];
  return runs.filter(isRecord).map((run) => {
    const trigger = isRecord(run.trigger) ? run.trigger : {};
    const stopped = isRecord(run.stoppedAt) ? run.stoppedAt : null;
    return {
      triggerKind: text(trigger.kind) ?? "",
      occurredAt: text(trigger.occurredAt),
      skipped: text(run.skipped),
      steps: Array.isArray(run.steps) ? run.steps.map(stepOf).filter((s) => s !== null) : [],
      stoppedAt:
        stopped && typeof stopped.index === "number"
          ? { index: stopped.index, limit: text(stopped.limit) ?? "" }
          : null,
    };
  });
}

export const LIMIT_WORDS: Record<string, string> = {
  messages_per_run: "the messages-per-run limit",
  messages_per_day: "the messages-per-day limit",
  model_budget: "the model's monthly budget",
};

/** A period as the dry run asks for it: whole days in the browser's time zone, `to` exclusive. */
export function periodRange(
  choice: "7" | "30" | "dates",
  dates: { from: string; to: string },
  now: Date,
): { from: string; to: string } | null {
  if (choice !== "dates") {
    const to = new Date(now);
    const from = new Date(now);
    from.setDate(from.getDate() - Number(choice));
    return { from: from.toISOString(), to: to.toISOString() };
  }
  if (!dates.from || !dates.to) return null;
  const from = new Date(`${dates.from}T00:00:00`);
  const to = new Date(`${dates.to}T00:00:00`);
  to.setDate(to.getDate() + 1);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}
