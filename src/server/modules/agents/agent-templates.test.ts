import { describe, expect, it } from "vitest";
import { agentDefinitionSchema } from "./agent-definition.ts";
import { AGENT_TEMPLATES } from "./agent-templates.ts";

describe("agent templates", () => {
  it("are each a valid definition, so starting from one needs no fixing", () => {
    for (const template of AGENT_TEMPLATES) {
      const parsed = agentDefinitionSchema.safeParse(template.definition);
      expect(parsed.error?.issues, template.key).toBeUndefined();
      expect(parsed.data).toEqual(template.definition);
    }
  });

  it("say in one sentence what each does, and which needs the language model", () => {
    expect(AGENT_TEMPLATES.map((t) => [t.name, t.summary, t.usesModel])).toEqual([
      [
        "Welcome new members",
        "When someone joins, email them 'Welcome to {{community.name}}' and tag them 'new'",
        false,
      ],
      [
        "Remind registrants before an event",
        "24 hours before an event starts, email 'Reminder: {{event.title}} is coming up' to the event's going registrants",
        false,
      ],
      [
        "Follow up after an event with a feedback request",
        "When an event ends, email 'How was {{event.title}}?' to the event's going registrants",
        false,
      ],
      [
        "Re-engage members inactive for 60 days",
        "When a member has been inactive for 60 days, email them 'We miss you at {{community.name}}'",
        false,
      ],
      ["Weekly digest for admins", "Every Monday at 09:00, notify the admins", false],
      [
        "Approve join requests that match what you describe",
        "When someone asks to join if their answers match what you describe, approve their request, once an admin approves",
        true,
      ],
    ]);
  });
});
