import {
  AGENT_ACTION_KINDS,
  AGENT_TRIGGER_KINDS,
  type AgentAction,
  type AgentActionKind,
  type AgentDefinition,
  type AgentTrigger,
  type AgentTriggerKind,
  DEFAULT_AGENT_LIMITS,
} from "#shared/agents.ts";

export const emptyDefinition = (): AgentDefinition => ({
  trigger: { kind: "member_joined" },
  conditions: {},
  actions: [],
  approvalMode: "propose",
  limits: { ...DEFAULT_AGENT_LIMITS },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A definition as the server sent it (JSON). The server validated it when it was saved, so this
 * only makes sure the form has every part to show, filling what an older definition lacks.
 */
export function asDefinition(value: unknown): AgentDefinition {
  const base = emptyDefinition();
  if (!isRecord(value)) return base;
  const trigger = isRecord(value.trigger) && isTriggerKind(value.trigger.kind) ? value.trigger : null;
  const actions = Array.isArray(value.actions)
    ? value.actions.filter((a): a is Record<string, unknown> => isRecord(a) && isActionKind(a.kind))
    : [];
  const limits = isRecord(value.limits) ? value.limits : {};
  return {
    trigger: (trigger ?? base.trigger) as AgentTrigger,
    conditions: isRecord(value.conditions) ? (value.conditions as AgentDefinition["conditions"]) : {},
    actions: actions as AgentAction[],
    approvalMode: value.approvalMode === "act" ? "act" : "propose",
    limits: {
      messagesPerRun:
        typeof limits.messagesPerRun === "number" ? limits.messagesPerRun : base.limits.messagesPerRun,
      messagesPerDay:
        typeof limits.messagesPerDay === "number" ? limits.messagesPerDay : base.limits.messagesPerDay,
    },
  };
}

const isTriggerKind = (kind: unknown): kind is AgentTriggerKind =>
  (AGENT_TRIGGER_KINDS as readonly unknown[]).includes(kind);
const isActionKind = (kind: unknown): kind is AgentActionKind =>
  (AGENT_ACTION_KINDS as readonly unknown[]).includes(kind);

/** A trigger of another kind, keeping the parameter when the new kind has the same one. */
export function triggerOfKind(kind: AgentTriggerKind, previous: AgentTrigger): AgentTrigger {
  switch (kind) {
    case "member_inactive":
      return { kind, days: previous.kind === kind ? previous.days : 30 };
    case "event_starts_in":
      return { kind, hours: previous.kind === kind ? previous.hours : 24 };
    case "schedule":
      return { kind, cron: previous.kind === kind ? previous.cron : "0 9 * * 1" };
    case "registration_status_changed":
      return { kind, to: previous.kind === kind ? previous.to : [] };
    default:
      return { kind };
  }
}

/** A new action of a kind, with the words an admin most often starts from. */
export function newAction(kind: AgentActionKind): AgentAction {
  switch (kind) {
    case "email":
      return { kind, to: "subject", subject: "", body: "" };
    case "add_tag":
    case "remove_tag":
      return { kind, tag: "" };
    case "notify_admins":
      return { kind, message: "" };
    case "draft_announcement":
      return { kind, subject: "", body: "" };
    case "decide_registration":
      return { kind, decision: "approve" };
    case "decide_join_request":
      return { kind, decision: "approve", message: null };
    case "webhook":
      return { kind, url: "https://" };
  }
}

/** Whether the definition asks the language model for anything. */
export const usesModel = (definition: AgentDefinition): boolean =>
  definition.conditions.judgement?.kind === "model_judges" ||
  definition.actions.some((action) => action.kind === "email" && action.wordWithModel === true);

/**
 * The server's field errors keyed by path below `definition` ("actions.0.subject", "name"),
 * each shown under its own field.
 */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(fields: readonly { field: string; message: string }[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const { field, message } of fields) {
    const path = field.replace(/^input\./, "").replace(/^definition\./, "");
    errors[path] ??= message;
  }
  return errors;
}
