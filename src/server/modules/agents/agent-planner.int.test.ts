// The planner and the email action: what a run would do for one trigger (conditions, rendered
// templates, recipients past the announcements' opt-out, limits), and the mail it then sends
// through the outbox exactly once, with the announcements' unsubscribe link.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { mailsWith, seedMember } from "#server/modules/members/announcements-test-support.ts";
import { join } from "#server/modules/membership/membership-test-support.ts";
import { htmlOf } from "#server/modules/notifications/notifications-test-support.ts";
import type { TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import type { CapturedMail } from "#server/test/smtp-capture.ts";
import type { AgentAction } from "#shared/agents.ts";
import type { AgentModel } from "./agent-engine.types.ts";
import { agentDeps, agentRecord, applyStep, seedSegment, triggerAbout } from "./agent-plan.test-support.ts";
import { planRun } from "./agent-planner.ts";

let t: TestServer;
let communityId: string;
let owner: Awaited<ReturnType<typeof quickSignIn>>;
beforeAll(async () => {
  t = await startTestServer();
  owner = await quickSignIn(t, "Olive Owner");
  communityId = await createCommunity(owner.browser, "Makers");
});
afterAll(() => t.close());

const welcome: AgentAction = {
  kind: "email",
  to: "subject",
  subject: "Welcome to {{community.name}}, {{member.firstName}}",
  body: "Hi {{member.name}}, see what is on at {{community.link}}. From {{agent.name}}. **Enjoy** <script>x()</script>",
};

const none = { messagesToday: 0 };

describe("planRun", () => {
  it("welcomes a new member with the template filled in, and the mail arrives once with an unsubscribe link", async () => {
    const ada = await seedMember(t, communityId, { name: "Ada Lovelace", label: "ada" });
    const agent = agentRecord(communityId, { trigger: { kind: "member_joined" }, actions: [welcome] });
    const plan = await planRun(
      agentDeps(t),
      agent,
      triggerAbout(communityId, "member_joined", {
        subjectUserId: ada.userId,
        membershipId: ada.membershipId,
      }),
      none,
    );
    expect(plan.skipped).toBeNull();
    expect(plan.stoppedAt).toBeNull();
    expect(plan.steps).toHaveLength(1);
    const [step] = plan.steps;
    if (!step) throw new Error("no step");
    expect(step.summary).toBe("Email “Welcome to Makers, Ada” to Ada Lovelace");
    expect(step.reason).toBe("Ada Lovelace joined");
    expect(step.messages).toBe(1);

    const stepId = crypto.randomUUID();
    await applyStep(t, agent, step, stepId);
    // A retried step (the runner crashed after queueing, before marking it done) queues nobody twice.
    const again = await applyStep(t, agent, step, stepId);
    expect(again.output).toEqual({ recipients: 1, queued: 0 });
    const mails = await mailsWith(t, "Welcome to Makers, Ada");
    expect(mails.map((m) => m.to)).toEqual([[ada.email]]);
    const text = mails[0]?.text ?? "";
    expect(text).toContain("Hi Ada Lovelace, see what is on at");
    expect(text).toContain(`${t.config.appUrl}/c/makers-`);
    expect(text).toContain("From Greeter.");
    expect(text).toMatch(/Unsubscribe from its announcements: http\S+\/unsubscribe\//);
    // The body is Markdown, sanitized as every other Markdown mail: raw HTML shows as text.
    const html = htmlOf(mails[0] as CapturedMail);
    expect(html).toContain("<strong>Enjoy</strong>");
    expect(html).not.toContain("<script>");
  });

  it("sends nothing to someone who turned announcements off, even if they did so after the plan", async () => {
    const quiet = await seedMember(t, communityId, { name: "Quinn Quiet", emailAnnouncements: false });
    const agent = agentRecord(communityId, { trigger: { kind: "member_joined" }, actions: [welcome] });
    const trigger = triggerAbout(communityId, "member_joined", { subjectUserId: quiet.userId });
    const plan = await planRun(agentDeps(t), agent, trigger, none);
    expect(plan.steps).toEqual([]);
    expect(plan.skipped).toMatch(/Nothing to do/);

    const later = await seedMember(t, communityId, { name: "Lee Later" });
    const laterPlan = await planRun(
      agentDeps(t),
      agent,
      triggerAbout(communityId, "member_joined", { subjectUserId: later.userId }),
      none,
    );
    const [step] = laterPlan.steps;
    if (!step) throw new Error("no step");
    await t.server.database.db.execute(
      sql`update membership set email_announcements = false where id = ${later.membershipId}`,
    );
    await applyStep(t, agent, step);
    expect(await mailsWith(t, "Welcome to Makers, Lee")).toEqual([]);
  });

  it("acts only on members of the segment, and mails a segment's members each by their own name", async () => {
    const segmentId = await seedSegment(t, communityId, { tags: ["mentor"] });
    const mentor = await seedMember(t, communityId, { name: "Grace Hopper", tags: ["mentor"] });
    const other = await seedMember(t, communityId, { name: "Alan Turing" });
    const optedOut = await seedMember(t, communityId, {
      name: "Opal Out",
      tags: ["mentor"],
      emailAnnouncements: false,
    });
    const agent = agentRecord(communityId, {
      trigger: { kind: "member_joined" },
      conditions: { segmentId },
      actions: [
        {
          kind: "email",
          to: "segment",
          subject: "Mentors, meet {{member.firstName}}",
          body: "Dear {{member.firstName}}.",
        },
      ],
    });
    const outside = await planRun(
      agentDeps(t),
      agent,
      triggerAbout(communityId, "member_joined", { subjectUserId: other.userId }),
      none,
    );
    expect(outside.skipped).toBe("Alan Turing is not in the segment.");
    expect(outside.steps).toEqual([]);

    const inside = await planRun(
      agentDeps(t),
      agent,
      triggerAbout(communityId, "member_joined", { subjectUserId: mentor.userId }),
      none,
    );
    expect(inside.skipped).toBeNull();
    const [step] = inside.steps;
    if (!step) throw new Error("no step");
    expect(step.input.recipients).toEqual([mentor.userId]);
    expect(step.summary).toBe("Email “Mentors, meet {{member.firstName}}” to 1 member of the segment");
    expect(step.reason).toBe("Grace Hopper joined; in the segment");
    await applyStep(t, agent, step);
    const mails = await mailsWith(t, "Mentors, meet Grace");
    expect(mails.map((m) => m.to)).toEqual([[mentor.email]]);
    expect(mails[0]?.text).toContain("Dear Grace.");
    expect(t.smtp.mails.some((m) => m.to.includes(optedOut.email))).toBe(false);
  });

  it("judges a join request's answers by its words, all or any", async () => {
    const applicant = await seedMember(t, communityId, { name: "Rita Rust", status: "pending" });
    await t.server.database.db.execute(
      sql`update membership set answers = ${JSON.stringify({ q1: ["I write Rust and Go"] })}::jsonb
        where id = ${applicant.membershipId}`,
    );
    const trigger = triggerAbout(communityId, "join_requested", { subjectUserId: applicant.userId });
    const withWords = (words: string[], match: "any" | "all") =>
      planRun(
        agentDeps(t),
        agentRecord(communityId, {
          trigger: { kind: "join_requested" },
          conditions: { judgement: { kind: "answers_contain", words, match } },
          actions: [
            { kind: "email", to: "subject", subject: "Thanks {{member.firstName}}", body: "We read it." },
          ],
        }),
        trigger,
        none,
      );
    const any = await withWords(["python", "RUST"], "any");
    expect(any.skipped).toBeNull();
    expect(any.steps[0]?.reason).toBe("Rita Rust asked to join; the answers contain “RUST”");
    expect((await withWords(["rust", "python"], "all")).skipped).toBe(
      "The answers do not contain “rust” and “python”.",
    );
    expect((await withWords(["rust", "go"], "all")).steps).toHaveLength(1);
  });

  it("asks the model to judge and to word, and counts its tokens; with no model the judgement does not pass", async () => {
    const member = await seedMember(t, communityId, { name: "Mo Model" });
    const calls: string[] = [];
    const model: AgentModel = {
      async judge(input) {
        calls.push(`judge:${input.instructions}`);
        return { matches: true, reason: "they sound keen", tokens: 30, costMicros: 12 };
      },
      async word(input) {
        calls.push(`word:${input.subject}`);
        return { subject: `${input.subject}!`, body: `${input.body} (worded)`, tokens: 50, costMicros: 20 };
      },
    };
    const agent = agentRecord(communityId, {
      trigger: { kind: "member_joined" },
      conditions: { judgement: { kind: "model_judges", instructions: "Keen people" } },
      actions: [{ ...welcome, wordWithModel: true } as AgentAction],
    });
    const trigger = triggerAbout(communityId, "member_joined", { subjectUserId: member.userId });
    const plan = await planRun(agentDeps(t, { model }), agent, trigger, none);
    expect(calls).toEqual(["judge:Keen people", "word:Welcome to Makers, Mo"]);
    expect(plan.steps[0]?.summary).toBe("Email “Welcome to Makers, Mo!” to Mo Model");
    expect(plan.steps[0]?.reason).toBe("Mo Model joined; the model judged a match: they sound keen");
    expect([plan.modelTokens, plan.modelCostMicros]).toEqual([80, 32]);

    const noModel = await planRun(agentDeps(t), agent, trigger, none);
    expect(noModel.skipped).toBe("No language model is configured to judge the answers.");
  });

  it("emails an event's going registrants and stops at the per-run and per-day limits", async () => {
    const event = await createEvent(owner.browser, communityId, { title: "Robot night" });
    const people = [];
    for (const name of ["Ann One", "Bob Two", "Cy Three"]) {
      const p = await quickSignIn(t, name);
      expect((await join(p.browser, communityId)).errors).toBeUndefined();
      expect((await registerFor(p.browser, event.id)).errors).toBeUndefined();
      people.push(p);
    }
    const remind: AgentAction = {
      kind: "email",
      to: "registrants",
      subject: "{{event.title}} is soon",
      body: "Hi {{member.firstName}}, see you at {{event.place}} ({{event.link}}), {{event.date}}.",
    };
    const trigger = triggerAbout(communityId, "event_starts_in", { eventId: event.id });
    const agent = agentRecord(communityId, {
      trigger: { kind: "event_starts_in", hours: 24 },
      conditions: { eventTitleContains: "robot", eventPaid: false },
      actions: [remind, { kind: "notify_admins", message: "Reminded {{event.title}}" }],
    });
    const plan = await planRun(agentDeps(t), agent, trigger, none);
    expect(plan.skipped).toBeNull();
    expect(plan.steps.map((s) => [s.kind, s.messages, s.summary])).toEqual([
      ["email", 3, "Email “Robot night is soon” to 3 registrants of “Robot night”"],
      ["notify_admins", 0, "Notify the admins: “Reminded Robot night”"],
    ]);
    expect(plan.stoppedAt).toBeNull();
    const [email] = plan.steps;
    if (!email) throw new Error("no step");
    await applyStep(t, agent, email);
    const mails = await mailsWith(t, "Robot night is soon");
    expect(mails).toHaveLength(3);
    const toAnn = mails.find((m) => m.text.includes("Hi Ann,"));
    expect(toAnn?.text).toContain(`Hall 1, Main street 1, Berlin (${t.config.appUrl}/e/${event.id})`);

    const small = agentRecord(communityId, {
      ...agent.definition,
      limits: { messagesPerRun: 2, messagesPerDay: 500 },
    });
    expect((await planRun(agentDeps(t), small, trigger, none)).stoppedAt).toEqual({
      index: 0,
      limit: "messages_per_run",
    });
    const daily = agentRecord(communityId, {
      ...agent.definition,
      limits: { messagesPerRun: 10, messagesPerDay: 5 },
    });
    expect((await planRun(agentDeps(t), daily, trigger, { messagesToday: 2 })).stoppedAt).toBeNull();
    expect((await planRun(agentDeps(t), daily, trigger, { messagesToday: 3 })).stoppedAt).toEqual({
      index: 0,
      limit: "messages_per_day",
    });
    const paidOnly = agentRecord(communityId, { ...agent.definition, conditions: { eventPaid: true } });
    expect((await planRun(agentDeps(t), paidOnly, trigger, none)).skipped).toBe("The event is free.");
  });

  it("never plans for another community's people or events", async () => {
    const elsewhere = await createCommunity(owner.browser, "Elsewhere");
    const stranger = await seedMember(t, elsewhere, { name: "Stan Stranger" });
    const event = await createEvent(owner.browser, elsewhere, { title: "Their party" });
    const agent = agentRecord(communityId, { trigger: { kind: "member_joined" }, actions: [welcome] });
    const foreignTrigger = triggerAbout(elsewhere, "member_joined", { subjectUserId: stranger.userId });
    expect((await planRun(agentDeps(t), agent, foreignTrigger, none)).skipped).toBe(
      "The trigger belongs to another community.",
    );
    const eventTrigger = triggerAbout(communityId, "event_ended", { eventId: event.id });
    expect((await planRun(agentDeps(t), agent, eventTrigger, none)).skipped).toBe(
      "The event no longer exists.",
    );
    const notMember = await planRun(
      agentDeps(t),
      agent,
      triggerAbout(communityId, "member_joined", { subjectUserId: stranger.userId }),
      none,
    );
    expect(notMember.steps).toEqual([]);
  });
});
