import type { AgentAction, AgentConditions, AgentTriggerKind } from "#shared/agents.ts";
import { ACTION_HANDLERS } from "./agent-actions.ts";
import type {
  AgentDeps,
  AgentRecord,
  LimitName,
  PlanContext,
  PlannedStep,
  PlanReader,
  RunPlan,
  TriggerFacts,
} from "./agent-engine.types.ts";
import { loadPlanContext, type PlanReads } from "./agent-plan-context.ts";

// The one place a run's effects are decided: the real run stores what this returns and applies it
// step by step; the dry run stores it for each past trigger. It reads only; model calls (a
// judgement, a wording) are the only thing outside the database it does.

const TRIGGER_WORDS: Record<AgentTriggerKind, string> = {
  member_joined: "joined",
  join_requested: "asked to join",
  event_published: "was published",
  registration_created: "registered",
  registration_status_changed: "registration changed",
  checked_in: "checked in",
  payment_succeeded: "payment succeeded",
  payment_failed: "payment failed",
  membership_started: "membership started",
  membership_ended: "membership ended",
  member_inactive: "has been inactive",
  event_starts_in: "starts soon",
  event_ended: "ended",
  schedule: "scheduled run",
};

/** The trigger in words: "Ada Lovelace joined", "Summer party starts soon", "scheduled run". */
export function triggerWords(ctx: PlanContext): string {
  const kind = ctx.trigger.kind;
  const words = TRIGGER_WORDS[kind];
  const who = ctx.member?.name || (ctx.member ? "Someone" : null);
  const what = ctx.event ? `“${ctx.event.title}”` : null;
  switch (kind) {
    case "event_published":
    case "event_starts_in":
    case "event_ended":
      return `${what ?? "An event"} ${words}`;
    case "registration_created":
    case "registration_status_changed":
    case "checked_in":
      return (
        [`${who ?? "Someone"} ${words}`, what && `for ${what}`].filter(Boolean).join(" ") +
        (kind === "registration_status_changed" && ctx.registration ? ` to ${ctx.registration.status}` : "")
      );
    case "schedule":
      return "Scheduled run";
    default:
      return `${who ?? "Someone"} ${words}`;
  }
}

type Verdict = { pass: true; notes: string[] } | { pass: false; why: string };

/** The text a judgement reads: a registration's answers, else a join request's. */
const judgedText = (ctx: PlanContext) => ctx.registration?.answers || ctx.joinAnswers || "";

async function checkConditions(
  deps: AgentDeps,
  ctx: PlanContext,
  conditions: AgentConditions,
): Promise<Verdict> {
  const notes: string[] = [];
  if (conditions.segmentId) {
    if (!ctx.member) return { pass: false, why: "The trigger has no person to check against the segment." };
    const inside = await ctx.reader.inSegment(conditions.segmentId, ctx.member.userId);
    if (inside === null) return { pass: false, why: "The segment no longer exists." };
    if (!inside) return { pass: false, why: `${ctx.member.name || "The person"} is not in the segment.` };
    notes.push("in the segment");
  }
  const eventRules =
    Boolean(conditions.eventTitleContains?.trim()) ||
    (conditions.eventIds?.length ?? 0) > 0 ||
    conditions.eventPaid != null;
  if (eventRules) {
    const event = ctx.event;
    if (!event) return { pass: false, why: "The trigger has no event to check." };
    const needle = conditions.eventTitleContains?.trim().toLowerCase();
    if (needle && !event.title.toLowerCase().includes(needle))
      return {
        pass: false,
        why: `The event's title does not contain “${conditions.eventTitleContains?.trim()}”.`,
      };
    if (conditions.eventIds?.length && !conditions.eventIds.includes(event.id))
      return { pass: false, why: "The event is not one of the agent's events." };
    if (conditions.eventPaid != null && event.paid !== conditions.eventPaid)
      return { pass: false, why: conditions.eventPaid ? "The event is free." : "The event is paid." };
    notes.push("the event matches");
  }
  const judgement = conditions.judgement;
  if (judgement?.kind === "answers_contain") {
    const text = judgedText(ctx).toLowerCase();
    const words = judgement.words.map((w) => w.trim()).filter(Boolean);
    const found = words.filter((w) => text.includes(w.toLowerCase()));
    const ok = judgement.match === "all" ? found.length === words.length : found.length > 0;
    const list = words.map((w) => `“${w}”`).join(judgement.match === "all" ? " and " : " or ");
    if (!ok) return { pass: false, why: `The answers do not contain ${list}.` };
    notes.push(`the answers contain ${found.map((w) => `“${w}”`).join(", ")}`);
  } else if (judgement?.kind === "model_judges") {
    if (!deps.model) return { pass: false, why: "No language model is configured to judge the answers." };
    const verdict = await deps.model.judge({
      communityId: ctx.community.id,
      instructions: judgement.instructions,
      text: judgedText(ctx),
    });
    if (ctx.spend) {
      ctx.spend.tokens += verdict.tokens;
      ctx.spend.costMicros += verdict.costMicros;
    }
    if (!verdict.matches) return { pass: false, why: `The model judged no match: ${verdict.reason}` };
    notes.push(`the model judged a match: ${verdict.reason}`);
  }
  return { pass: true, notes };
}

/** The first step a limit stops, counting messages in order (the steps before it run). */
export function applyLimits(
  steps: readonly PlannedStep[],
  limits: { messagesPerRun: number; messagesPerDay: number },
  messagesToday: number,
): { index: number; limit: LimitName } | null {
  let sent = 0;
  for (const [index, step] of steps.entries()) {
    if (step.messages === 0) continue;
    sent += step.messages;
    if (sent > limits.messagesPerRun) return { index, limit: "messages_per_run" };
    if (messagesToday + sent > limits.messagesPerDay) return { index, limit: "messages_per_day" };
  }
  return null;
}

async function planAction(deps: AgentDeps, ctx: PlanContext, action: AgentAction): Promise<PlannedStep[]> {
  // Each kind's handler takes its own action type; the registry pairs them by kind.
  const handler = ACTION_HANDLERS[action.kind] as {
    plan(deps: AgentDeps, ctx: PlanContext, action: AgentAction): Promise<PlannedStep[]>;
  };
  return handler.plan(deps, ctx, action);
}

/**
 * What the agent does for this trigger: conditions checked, each action resolved by its handler,
 * limits applied (`usage.messagesToday`: what the agent already sent on the trigger's day). Reads
 * only; the real run and the dry run both plan with it. `usage.reads` shares the records read
 * between the runs of one batch; `usage.reader` reads people and registrations as they stood at
 * the trigger's moment (a dry run), instead of now.
 */
export async function planRun(
  deps: AgentDeps,
  agent: AgentRecord,
  trigger: TriggerFacts,
  usage: { messagesToday: number; reads?: PlanReads; reader?: PlanReader },
): Promise<RunPlan> {
  const plan = (ctx: PlanContext | null, skipped: string | null, steps: PlannedStep[]): RunPlan => ({
    trigger,
    skipped,
    steps,
    stoppedAt: skipped ? null : applyLimits(steps, agent.definition.limits, usage.messagesToday),
    modelTokens: ctx?.spend?.tokens ?? 0,
    modelCostMicros: ctx?.spend?.costMicros ?? 0,
  });
  const ctx = await loadPlanContext(deps, agent, trigger, usage.reads, usage.reader);
  if (typeof ctx === "string") return plan(null, ctx, []);
  const verdict = await checkConditions(deps, ctx, agent.definition.conditions ?? {});
  if (!verdict.pass) return plan(ctx, verdict.why, []);
  const reason = [triggerWords(ctx), ...verdict.notes].join("; ");
  const steps: PlannedStep[] = [];
  for (const action of agent.definition.actions) {
    for (const step of await planAction(deps, ctx, action)) {
      steps.push({ ...step, reason: step.reason ? `${reason}; ${step.reason}` : reason });
    }
  }
  if (steps.length === 0) return plan(ctx, "Nothing to do: no one to reach and nothing to change.", []);
  return plan(ctx, null, steps);
}
