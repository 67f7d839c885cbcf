import { z } from "zod";
import {
  AGENT_APPROVAL_MODES,
  AGENT_EMAIL_AUDIENCES,
  AGENT_LIMITS,
  AGENT_REGISTRATION_STATUSES,
  type AgentDefinition,
  DEFAULT_AGENT_LIMITS,
} from "#shared/agents.ts";

// The one validation of an agent's definition (#shared/agents.ts has its types): the form's input,
// the stored `agent.definition` and the templates all pass through `agentDefinitionSchema`.

const text = (max: number) => z.string().trim().min(1).max(max);

export const agentTriggerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member_joined") }),
  z.object({ kind: z.literal("join_requested") }),
  z.object({ kind: z.literal("event_published") }),
  z.object({ kind: z.literal("registration_created") }),
  z.object({
    kind: z.literal("registration_status_changed"),
    /** Only changes to one of these statuses; empty or absent: any change. */
    to: z.array(z.enum(AGENT_REGISTRATION_STATUSES)).optional(),
  }),
  z.object({ kind: z.literal("checked_in") }),
  z.object({ kind: z.literal("payment_succeeded") }),
  z.object({ kind: z.literal("payment_failed") }),
  z.object({ kind: z.literal("membership_started") }),
  z.object({ kind: z.literal("membership_ended") }),
  /** A member with no activity (member table's "last active") for `days` days: once per quiet spell. */
  z.object({
    kind: z.literal("member_inactive"),
    days: z.number().int().min(1).max(AGENT_LIMITS.inactiveDaysMax),
  }),
  /** `hours` before a published event starts: once per event and start time. */
  z.object({
    kind: z.literal("event_starts_in"),
    hours: z.number().int().min(1).max(AGENT_LIMITS.startsInHoursMax),
  }),
  /** A published event's end passed: once per event. */
  z.object({ kind: z.literal("event_ended") }),
  /** A five-field cron expression in the community's time zone. */
  z.object({ kind: z.literal("schedule"), cron: z.string().trim().min(9).max(100) }),
]);

/** A judgement on the trigger's text (a join request's or registration's answers). */
export const agentJudgementSchema = z.discriminatedUnion("kind", [
  /** Rule-based: the answers contain any (or all) of these words, case-insensitively. */
  z.object({
    kind: z.literal("answers_contain"),
    words: z.array(text(100)).min(1).max(AGENT_LIMITS.keywords),
    match: z.enum(["any", "all"]),
  }),
  /** The language model decides whether the answers match what the admin describes. */
  z.object({ kind: z.literal("model_judges"), instructions: text(AGENT_LIMITS.judgementLength) }),
]);

export const agentConditionsSchema = z.object({
  /** A saved member segment (`member_segment.id`): the subject must be in it; for segment mail, its members. */
  segmentId: z.string().min(1).nullish(),
  /** Only events whose title contains this text (case-insensitive). */
  eventTitleContains: z.string().trim().max(200).nullish(),
  /** Only these events. */
  eventIds: z.array(z.string().min(1)).max(50).nullish(),
  /** Only paid (true) or only free (false) events. */
  eventPaid: z.boolean().nullish(),
  judgement: agentJudgementSchema.nullish(),
});

export const agentActionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("email"),
    to: z.enum(AGENT_EMAIL_AUDIENCES),
    /** For `registrants`: which statuses; absent: going. */
    registrantStatuses: z.array(z.enum(AGENT_REGISTRATION_STATUSES)).optional(),
    /** For `segment`: the saved segment whose members get it. */
    segmentId: z.string().min(1).nullish(),
    /** Mustache templates: `{{member.firstName}}`, `{{event.title}}`, `{{event.link}}`, … */
    subject: text(AGENT_LIMITS.subjectLength),
    body: text(AGENT_LIMITS.bodyLength),
    /** Let the language model word the message from the template and context (when one is configured). */
    wordWithModel: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("add_tag"), tag: text(AGENT_LIMITS.tagLength) }),
  z.object({ kind: z.literal("remove_tag"), tag: text(AGENT_LIMITS.tagLength) }),
  z.object({ kind: z.literal("notify_admins"), message: text(AGENT_LIMITS.bodyLength) }),
  z.object({
    kind: z.literal("draft_announcement"),
    subject: text(AGENT_LIMITS.subjectLength),
    body: text(AGENT_LIMITS.bodyLength),
  }),
  z.object({ kind: z.literal("decide_registration"), decision: z.enum(["approve", "decline"]) }),
  z.object({
    kind: z.literal("decide_join_request"),
    decision: z.enum(["approve", "decline"]),
    /** For a decline: the message the person gets. */
    message: z.string().trim().max(1_000).nullish(),
  }),
  z.object({ kind: z.literal("webhook"), url: z.url().max(AGENT_LIMITS.webhookUrlLength) }),
]);

export const agentLimitsSchema = z.object({
  messagesPerRun: z.number().int().min(1).max(AGENT_LIMITS.messagesPerRunMax),
  messagesPerDay: z.number().int().min(1).max(AGENT_LIMITS.messagesPerDayMax),
});

/** Everything an agent does, as stored in `agent.definition` and sent by the form. */
export const agentDefinitionSchema = z.object({
  trigger: agentTriggerSchema,
  conditions: agentConditionsSchema.default({}),
  actions: z.array(agentActionSchema).min(1).max(AGENT_LIMITS.actions),
  approvalMode: z.enum(AGENT_APPROVAL_MODES),
  limits: agentLimitsSchema.default(DEFAULT_AGENT_LIMITS),
});

// The schema and the shared type describe the same thing: a change to one that the other misses
// fails the type check here.
type Parsed = z.infer<typeof agentDefinitionSchema>;
const sameShape: [Parsed, AgentDefinition] extends [AgentDefinition, Parsed] ? true : false = true;
void sameShape;
