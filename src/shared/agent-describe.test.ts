import { describe, expect, it } from "vitest";
import { describeAgent, describeCron, describeTrigger } from "./agent-describe.ts";
import { type AgentDefinition, DEFAULT_AGENT_LIMITS } from "./agents.ts";

const base = (over: Partial<AgentDefinition>): AgentDefinition => ({
  trigger: { kind: "member_joined" },
  conditions: {},
  actions: [],
  approvalMode: "act",
  limits: DEFAULT_AGENT_LIMITS,
  ...over,
});

describe("describeAgent", () => {
  it("says a welcome agent in one sentence, with the subject as typed", () => {
    const sentence = describeAgent(
      base({
        actions: [
          { kind: "email", to: "subject", subject: "Welcome to {{community.name}}", body: "Hi" },
          { kind: "add_tag", tag: "new" },
        ],
      }),
    );
    expect(sentence).toBe(
      "When someone joins, email them 'Welcome to {{community.name}}' and tag them 'new'",
    );
  });

  it("cuts a long subject with an ellipsis so the sentence stays readable", () => {
    const sentence = describeAgent(
      base({
        actions: [
          {
            kind: "email",
            to: "subject",
            subject: "Welcome to the most wonderful community of makers in the whole city",
            body: "Hi",
          },
        ],
      }),
    );
    expect(sentence).toBe("When someone joins, email them 'Welcome to the most wonderful community…'");
  });

  it("names segments and events by the names given, and says when an admin approves first", () => {
    const sentence = describeAgent(
      base({
        trigger: { kind: "join_requested" },
        conditions: {
          segmentId: "seg1",
          judgement: { kind: "answers_contain", words: ["maker", "builder"], match: "any" },
        },
        actions: [{ kind: "decide_join_request", decision: "approve" }],
        approvalMode: "propose",
      }),
      { segments: { seg1: "Makers" } },
    );
    expect(sentence).toBe(
      "When someone asks to join if they are in 'Makers' and if their answers contain 'maker' or 'builder', approve their request, once an admin approves",
    );
  });

  it("speaks of registrants, reminders and webhooks", () => {
    expect(
      describeAgent(
        base({
          trigger: { kind: "event_starts_in", hours: 24 },
          conditions: { eventPaid: false },
          actions: [
            { kind: "email", to: "registrants", subject: "See you tomorrow", body: "x" },
            { kind: "webhook", url: "https://hooks.example.com/agents?x=1" },
          ],
        }),
      ),
    ).toBe(
      "24 hours before an event starts for free events, email 'See you tomorrow' to the event's going registrants and call the webhook at hooks.example.com",
    );
    expect(
      describeAgent(
        base({
          trigger: { kind: "event_ended" },
          conditions: { eventIds: ["e1"] },
          actions: [
            {
              kind: "email",
              to: "registrants",
              registrantStatuses: ["going", "waitlisted"],
              subject: "How was it?",
              body: "x",
            },
          ],
        }),
        { events: { e1: "Spring meetup" } },
      ),
    ).toBe(
      "When an event ends for 'Spring meetup', email 'How was it?' to the event's going and waitlisted registrants",
    );
  });

  it("puts each trigger in words", () => {
    expect(describeTrigger({ kind: "member_inactive", days: 1 })).toBe(
      "When a member has been inactive for 1 day",
    );
    expect(describeTrigger({ kind: "member_inactive", days: 60 })).toBe(
      "When a member has been inactive for 60 days",
    );
    expect(describeTrigger({ kind: "registration_status_changed", to: ["going", "declined"] })).toBe(
      "When a registration becomes going or declined",
    );
    expect(describeTrigger({ kind: "schedule", cron: "0 9 * * 1" })).toBe("Every Monday at 09:00");
  });
});

describe("describeCron", () => {
  it.each([
    ["0 9 * * 1", "Every Monday at 09:00"],
    ["30 18 * * *", "Every day at 18:30"],
    ["0 9 * * 1-5", "Every weekday at 09:00"],
    ["0 9 * * MON,WED", "Every Monday and Wednesday at 09:00"],
    ["0 10 * * 0,6", "Every Saturday and Sunday at 10:00"],
    ["0 10 * * 7", "Every Sunday at 10:00"],
    ["0 8,17 * * *", "Every day at 08:00 and 17:00"],
    ["0 9 1 * *", "On day 1 of every month at 09:00"],
    ["0 9 1 1 *", "On 1 January at 09:00"],
    ["*/15 * * * *", "Every 15 minutes"],
    ["* * * * *", "Every minute"],
    ["0 * * * *", "Every hour, on the hour"],
    ["15 */2 * * *", "Every 2 hours at 15 past the hour"],
  ])("%s reads as %s", (cron, words) => {
    expect(describeCron(cron)).toBe(words);
  });

  it("shows what it cannot put in words as written", () => {
    expect(describeCron("0 9 L * *")).toBe('On the schedule "0 9 L * *"');
    expect(describeCron("0 0 9 * * 1")).toBe('On the schedule "0 0 9 * * 1"');
  });
});
