import { describeAgent } from "#shared/agent-describe.ts";
import { type AgentDefinition, DEFAULT_AGENT_LIMITS } from "#shared/agents.ts";

// The agents an admin can start from (issue 24): each a definition like any other, validated by
// `agentDefinitionSchema` when it is created, and described by the same sentence as the form's.

export type AgentTemplate = {
  key: string;
  name: string;
  /** The sentence the agent form shows for it. */
  summary: string;
  definition: AgentDefinition;
  /** Whether it needs the language model (a judgement by the model, or wording by it). */
  usesModel: boolean;
};

/** Whether a definition needs the language model to run as written. */
export const definitionUsesModel = (definition: AgentDefinition): boolean =>
  definition.conditions?.judgement?.kind === "model_judges" ||
  definition.actions.some((a) => a.kind === "email" && a.wordWithModel === true);

const template = (key: string, name: string, definition: AgentDefinition): AgentTemplate => ({
  key,
  name,
  summary: describeAgent(definition),
  definition,
  usesModel: definitionUsesModel(definition),
});

export const AGENT_TEMPLATES: readonly AgentTemplate[] = [
  template("welcome_new_members", "Welcome new members", {
    trigger: { kind: "member_joined" },
    conditions: {},
    actions: [
      {
        kind: "email",
        to: "subject",
        subject: "Welcome to {{community.name}}",
        body: [
          "Hi {{member.firstName}},",
          "",
          "Welcome to {{community.name}}! We are glad you are here.",
          "",
          "See what is coming up and meet everyone at {{community.link}}.",
        ].join("\n"),
      },
      { kind: "add_tag", tag: "new" },
    ],
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  }),
  template("remind_registrants", "Remind registrants before an event", {
    trigger: { kind: "event_starts_in", hours: 24 },
    conditions: {},
    actions: [
      {
        kind: "email",
        to: "registrants",
        registrantStatuses: ["going"],
        subject: "Reminder: {{event.title}} is coming up",
        body: [
          "Hi {{member.firstName}},",
          "",
          "A reminder that **{{event.title}}** starts {{event.date}}.",
          "",
          "Where: {{event.place}}",
          "",
          "Details: {{event.link}}",
        ].join("\n"),
      },
    ],
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  }),
  template("event_feedback", "Follow up after an event with a feedback request", {
    trigger: { kind: "event_ended" },
    conditions: {},
    actions: [
      {
        kind: "email",
        to: "registrants",
        registrantStatuses: ["going"],
        subject: "How was {{event.title}}?",
        body: [
          "Hi {{member.firstName}},",
          "",
          "Thank you for coming to **{{event.title}}**. How was it? Reply to this email and tell us",
          "what you liked and what we could do better.",
        ].join("\n"),
      },
    ],
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  }),
  template("reengage_inactive", "Re-engage members inactive for 60 days", {
    trigger: { kind: "member_inactive", days: 60 },
    conditions: {},
    actions: [
      {
        kind: "email",
        to: "subject",
        subject: "We miss you at {{community.name}}",
        body: [
          "Hi {{member.firstName}},",
          "",
          "It has been a while since we saw you at {{community.name}}.",
          "Here is what is coming up: {{community.link}}",
        ].join("\n"),
      },
    ],
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  }),
  template("weekly_admin_digest", "Weekly digest for admins", {
    trigger: { kind: "schedule", cron: "0 9 * * 1" },
    conditions: {},
    actions: [
      {
        kind: "notify_admins",
        message:
          "Your weekly digest of {{community.name}}: look over the new members, registrations and upcoming events at {{community.link}}.",
      },
    ],
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  }),
  template("approve_matching_join_requests", "Approve join requests that match what you describe", {
    trigger: { kind: "join_requested" },
    conditions: {
      judgement: {
        kind: "model_judges",
        instructions:
          "Approve people who say what brings them here and how they would take part; not empty or one-word answers, nor advertising.",
      },
    },
    actions: [{ kind: "decide_join_request", decision: "approve" }],
    approvalMode: "propose",
    limits: DEFAULT_AGENT_LIMITS,
  }),
];

export const templateByKey = (key: string): AgentTemplate | undefined =>
  AGENT_TEMPLATES.find((t) => t.key === key);
