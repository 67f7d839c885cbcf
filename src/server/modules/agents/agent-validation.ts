import { Cron } from "croner";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { FieldError } from "#server/errors.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import type { AgentNames } from "#shared/agent-describe.ts";
import { AGENT_LIMITS, type AgentDefinition, type AgentTriggerKind } from "#shared/agents.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import { agentDefinitionSchema } from "./agent-definition.ts";
import { templateProblem } from "./agent-template.ts";

// Everything the server checks of an agent before storing it, beyond the definition's shape: that
// each action makes sense for the trigger, that the segments and events it names are the
// community's own, that a webhook is HTTPS and a schedule a five-field cron. Each refusal names its
// field (`definition.actions.0.subject`) so the form shows it at the field.

/** Triggers about one person, whom actions can email, tag or decide for. */
const PERSON_TRIGGERS: ReadonlySet<AgentTriggerKind> = new Set([
  "member_joined",
  "join_requested",
  "registration_created",
  "registration_status_changed",
  "checked_in",
  "payment_succeeded",
  "payment_failed",
  "membership_started",
  "membership_ended",
  "member_inactive",
]);
/** Triggers about one event, whose registrants actions can email. */
const EVENT_TRIGGERS: ReadonlySet<AgentTriggerKind> = new Set([
  "event_published",
  "registration_created",
  "registration_status_changed",
  "checked_in",
  "event_starts_in",
  "event_ended",
]);
const REGISTRATION_TRIGGERS: ReadonlySet<AgentTriggerKind> = new Set([
  "registration_created",
  "registration_status_changed",
]);
/** Triggers that carry answers a judgement can read: a join request's or a registration's. */
const ANSWER_TRIGGERS: ReadonlySet<AgentTriggerKind> = new Set(["join_requested", ...REGISTRATION_TRIGGERS]);

const field = (path: readonly PropertyKey[]) => ["definition", ...path.map(String)].join(".");

/** A zod issue in the words of the form: what to change, never the schema's vocabulary. */
function issueError(issue: z.core.$ZodIssue): FieldError {
  const at = field(issue.path);
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null
        ? { field: at, code: "REQUIRED", message: "Fill this in." }
        : { field: at, code: "INVALID", message: "This value is not of the right kind." };
    case "too_small":
      if (issue.origin === "string") return { field: at, code: "REQUIRED", message: "Fill this in." };
      if (issue.origin === "array")
        return { field: at, code: "TOO_FEW", message: `Add at least ${issue.minimum}.` };
      return { field: at, code: "TOO_SMALL", message: `Use at least ${issue.minimum}.` };
    case "too_big":
      if (issue.origin === "string")
        return { field: at, code: "TOO_LONG", message: `Use at most ${issue.maximum} characters.` };
      if (issue.origin === "array")
        return { field: at, code: "TOO_MANY", message: `Use at most ${issue.maximum}.` };
      return { field: at, code: "TOO_BIG", message: `Use at most ${issue.maximum}.` };
    case "invalid_format":
      return issue.format === "url"
        ? { field: at, code: "INVALID_URL", message: "Enter a full address, starting with https://." }
        : { field: at, code: "INVALID", message: "This value is not in the right format." };
    case "invalid_union":
    case "invalid_value":
      return { field: at, code: "INVALID", message: "Choose one of the options offered." };
    default:
      return { field: at, code: "INVALID", message: issue.message };
  }
}

/** The agent's name: one line, 1 to 80 characters. */
export function nameErrors(name: string, at = "name"): FieldError[] {
  const trimmed = name.trim();
  if (trimmed.length === 0) return [{ field: at, code: "REQUIRED", message: "Give the agent a name." }];
  if (trimmed.length > AGENT_LIMITS.nameLength)
    return [{ field: at, code: "TOO_LONG", message: `Use at most ${AGENT_LIMITS.nameLength} characters.` }];
  const problem = nameCharactersProblem(trimmed);
  return problem ? [{ field: at, ...problem }] : [];
}

/** What the definition must be besides its shape: each action fits the trigger, addresses are HTTPS. */
function fitErrors(definition: AgentDefinition): FieldError[] {
  const errors: FieldError[] = [];
  const kind = definition.trigger.kind;
  const person = PERSON_TRIGGERS.has(kind);
  const eventful = EVENT_TRIGGERS.has(kind);
  const notFor = (path: string, message: string) =>
    errors.push({ field: path, code: "NOT_FOR_TRIGGER", message });

  if (definition.trigger.kind === "schedule") {
    const cron = definition.trigger.cron.trim();
    let valid = cron.split(/\s+/).length === 5;
    if (valid) {
      try {
        new Cron(cron, { mode: "5-part", paused: true }).stop();
      } catch {
        valid = false;
      }
    }
    if (!valid)
      errors.push({
        field: "definition.trigger.cron",
        code: "INVALID_CRON",
        message: "Use five fields: minute, hour, day of month, month and day of week, such as 0 9 * * 1.",
      });
  }

  const conditions = definition.conditions ?? {};
  if (conditions.segmentId && !person)
    notFor(
      "definition.conditions.segmentId",
      "This trigger is not about one person, so a segment cannot filter it.",
    );
  const eventFilter =
    (conditions.eventIds?.length ?? 0) > 0 ||
    !!conditions.eventTitleContains?.trim() ||
    conditions.eventPaid != null;
  if (eventFilter && !eventful)
    notFor("definition.conditions", "This trigger is not about an event, so event filters cannot apply.");
  if (conditions.judgement && !ANSWER_TRIGGERS.has(kind))
    notFor("definition.conditions.judgement", "Only join requests and registrations have answers to judge.");

  definition.actions.forEach((action, index) => {
    const at = `definition.actions.${index}`;
    switch (action.kind) {
      case "email":
        if (action.to === "subject" && !person)
          notFor(`${at}.to`, "This trigger is not about one person: email the registrants or a segment.");
        if (action.to === "registrants" && !eventful)
          notFor(`${at}.to`, "This trigger is not about an event, so there are no registrants to email.");
        if (action.to === "segment" && !action.segmentId)
          errors.push({
            field: `${at}.segmentId`,
            code: "REQUIRED",
            message: "Choose the segment to email.",
          });
        break;
      case "add_tag":
      case "remove_tag":
        if (!person) notFor(`${at}.kind`, "This trigger is not about one person, so there is nobody to tag.");
        break;
      case "decide_registration":
        if (!REGISTRATION_TRIGGERS.has(kind))
          notFor(`${at}.kind`, "Registrations are decided only when a registration is made or changes.");
        break;
      case "decide_join_request":
        if (kind !== "join_requested")
          notFor(`${at}.kind`, "Join requests are decided only when someone asks to join.");
        break;
      case "webhook":
        if (!action.url.trim().toLowerCase().startsWith("https://"))
          errors.push({
            field: `${at}.url`,
            code: "WEBHOOK_NOT_HTTPS",
            message: "Webhooks are sent over HTTPS only: use an address starting with https://.",
          });
        break;
      default:
        break;
    }
  });
  return errors;
}

/**
 * The definition checked in full for a community, with the names of the segments and events it
 * names (for its sentence); throws nothing: the caller turns `errors` into one refusal.
 */
export async function checkDefinition(
  db: Db,
  communityId: string,
  raw: unknown,
  segmentNames: () => Promise<Record<string, string>>,
): Promise<{ definition: AgentDefinition | null; names: AgentNames; errors: FieldError[] }> {
  const parsed = agentDefinitionSchema.safeParse(raw);
  if (!parsed.success) {
    // An http:// webhook fails the URL check too: its field error says the one thing to change.
    const errors = parsed.error.issues.map(issueError);
    const actions = (raw as { actions?: unknown } | null)?.actions;
    if (Array.isArray(actions))
      actions.forEach((action, index) => {
        const a = action as { kind?: unknown; url?: unknown } | null;
        if (
          a?.kind === "webhook" &&
          typeof a.url === "string" &&
          !a.url.trim().toLowerCase().startsWith("https://")
        ) {
          const at = `definition.actions.${index}.url`;
          const rest = errors.filter((e) => e.field !== at);
          errors.length = 0;
          errors.push(...rest, {
            field: at,
            code: "WEBHOOK_NOT_HTTPS",
            message: "Webhooks are sent over HTTPS only: use an address starting with https://.",
          });
        }
      });
    return { definition: null, names: {}, errors };
  }
  const definition = parsed.data as AgentDefinition;
  const errors = [...fitErrors(definition), ...templateErrors(definition)];

  const segmentIds = new Map<string, string>();
  if (definition.conditions.segmentId)
    segmentIds.set("definition.conditions.segmentId", definition.conditions.segmentId);
  definition.actions.forEach((a, i) => {
    if (a.kind === "email" && a.to === "segment" && a.segmentId)
      segmentIds.set(`definition.actions.${i}.segmentId`, a.segmentId);
  });
  const segments = segmentIds.size > 0 ? await segmentNames() : {};
  const misfit = new Set(errors.map((e) => e.field));
  for (const [at, id] of segmentIds)
    if (!segments[id] && !misfit.has(at))
      errors.push({ field: at, code: "NOT_FOUND", message: "This segment no longer exists." });

  const eventIds = definition.conditions.eventIds ?? [];
  const events: Record<string, string> = {};
  if (eventIds.length > 0) {
    const rows = await db
      .select({ id: eventsForJoin.id, title: eventsForJoin.title })
      .from(eventsForJoin)
      .where(and(eq(eventsForJoin.communityId, communityId), inArray(eventsForJoin.id, eventIds)));
    for (const row of rows) events[row.id] = row.title;
    if (eventIds.some((id) => !events[id]))
      errors.push({
        field: "definition.conditions.eventIds",
        code: "NOT_FOUND",
        message: "One of these events is not this community's, or no longer exists.",
      });
  }
  return { definition, names: { segments, events }, errors };
}

/** Every text the agent fills in must be a template it can render: known fields, no partials, tags closed. */
function templateErrors(definition: AgentDefinition): FieldError[] {
  const errors: FieldError[] = [];
  const check = (field: string, template: string) => {
    const problem = templateProblem(template);
    if (problem) errors.push({ field, code: "INVALID_TEMPLATE", message: problem });
  };
  definition.actions.forEach((action, index) => {
    const at = `definition.actions.${index}`;
    if (action.kind === "email" || action.kind === "draft_announcement") {
      check(`${at}.subject`, action.subject);
      check(`${at}.body`, action.body);
    }
    if (action.kind === "notify_admins") check(`${at}.message`, action.message);
  });
  return errors;
}
