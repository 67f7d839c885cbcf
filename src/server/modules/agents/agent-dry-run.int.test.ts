// A dry run over a seeded past month plans exactly what real runs then do with the same log
// entries, step by step, and leaves nothing behind but its own record: no mail queued, no run, no
// notice, no log entry, no tag.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { agent as agentTable } from "#server/db/schema.ts";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { appendEvents } from "#server/modules/log/log.service.ts";
import { seedMember } from "#server/modules/members/announcements-test-support.ts";
import { join } from "#server/modules/membership/membership-test-support.ts";
import type { TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import { type AgentDefinition, DEFAULT_AGENT_LIMITS } from "#shared/agents.ts";
import { dryRunAgent, dryRunById, replayRun } from "./agent-dry-run.service.ts";
import type { AgentRecord, RunPlan } from "./agent-engine.types.ts";
import { agentDeps } from "./agent-plan.test-support.ts";

const DAY = 24 * 60 * 60_000;

let t: TestServer;
let communityId: string;
let ownerId: string;
beforeAll(async () => {
  t = await startTestServer();
  const owner = await quickSignIn(t, "Olive Owner");
  ownerId = owner.id;
  communityId = await createCommunity(owner.browser, "Makers");

  // A month of joins: seeded members whose joins the log records on past days.
  const db = t.server.database.db;
  const now = Date.now();
  const joiners = [
    { name: "Ada Lovelace", daysAgo: 26 },
    { name: "Grace Hopper", daysAgo: 19 },
    { name: "Quinn Quiet", daysAgo: 12, emailAnnouncements: false },
    { name: "Alan Turing", daysAgo: 5 },
  ];
  for (const joiner of joiners) {
    const member = await seedMember(t, communityId, {
      name: joiner.name,
      emailAnnouncements: joiner.emailAnnouncements,
    });
    await db.transaction((tx) =>
      appendEvents(
        tx as Db,
        [
          {
            type: "member.joined",
            communityId,
            actorId: member.userId,
            subjectId: member.userId,
            payload: { userId: member.userId, role: "member", source: "joined" },
          },
        ],
        new Date(now - joiner.daysAgo * DAY),
      ),
    );
  }
  // Registrations made through the app, then dated back into the month.
  const event = await createEvent(owner.browser, communityId, { title: "Robot night" });
  for (const name of ["Bea Builder", "Cy Coder"]) {
    const person = await quickSignIn(t, name);
    expect((await join(person.browser, communityId)).errors).toBeUndefined();
    expect((await registerFor(person.browser, event.id)).errors).toBeUndefined();
  }
  await db.execute(sql`update domain_event set occurred_at = occurred_at - interval '9 days'
    where community_id = ${communityId} and type in ('registration.created', 'member.joined')
      and occurred_at > ${new Date(now - DAY).toISOString()}::timestamptz`);
  await t.drain();
});
afterAll(() => t.close());

const welcome: AgentDefinition = {
  trigger: { kind: "member_joined" },
  conditions: {},
  actions: [
    {
      kind: "email",
      to: "subject",
      subject: "Welcome to {{community.name}}, {{member.firstName}}",
      body: "Hi {{member.name}}.",
    },
  ],
  approvalMode: "act",
  limits: DEFAULT_AGENT_LIMITS,
};

const onRegistration: AgentDefinition = {
  trigger: { kind: "registration_created" },
  conditions: { eventTitleContains: "robot" },
  actions: [
    { kind: "email", to: "subject", subject: "See you at {{event.title}}", body: "{{event.link}}" },
    { kind: "notify_admins", message: "{{member.name}} registered for {{event.title}}" },
  ],
  approvalMode: "act",
  limits: DEFAULT_AGENT_LIMITS,
};

async function insertAgent(name: string, definition: AgentDefinition): Promise<AgentRecord> {
  const id = randomUUID();
  const at = new Date();
  await t.server.database.db.insert(agentTable).values({
    id,
    communityId,
    name,
    definition,
    approvalMode: definition.approvalMode,
    status: "off",
    createdBy: ownerId,
    createdAt: at,
    updatedAt: at,
  });
  return { id, communityId, name, definition, webhookSecret: null };
}

/** Row counts of everything an agent's run could write, and the members' tags. */
async function sideEffects() {
  const rows = (await t.server.database.db.execute(sql`select
    (select count(*)::int from outbox_message) as outbox,
    (select count(*)::int from domain_event) as log,
    (select count(*)::int from agent_run) as runs,
    (select count(*)::int from agent_step) as steps,
    (select count(*)::int from agent_notice) as notices,
    (select count(*)::int from agent_message_day) as message_days,
    (select coalesce(string_agg(array_to_string(tags, ','), ';' order by id), '') from membership) as tags`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return rows.rows[0];
}

/** What a plan does, step by step, as JSON (the real run's plan is stored as JSON). */
const shape = (plan: RunPlan) => JSON.parse(JSON.stringify(plan)) as RunPlan;

describe("dry run", () => {
  it("over a seeded past month equals the real run over the same entries, and leaves no side effect", async () => {
    const greeter = await insertAgent("Greeter", welcome);
    const confirmer = await insertAgent("Confirmer", onRegistration);
    const from = new Date(Date.now() - 30 * DAY);
    const to = new Date(Date.now() + 60_000);
    const before = await sideEffects();

    const deps = agentDeps(t);
    const greeterDry = await dryRunAgent(deps, {
      agent: greeter,
      definition: welcome,
      from,
      to,
      requestedBy: ownerId,
    });
    const confirmerDry = await dryRunAgent(deps, {
      agent: confirmer,
      definition: onRegistration,
      from,
      to,
      requestedBy: ownerId,
    });
    expect(await sideEffects()).toEqual(before);
    const stored = (await t.server.database.db.execute(
      sql`select count(*)::int as n from agent_dry_run where agent_id in (${greeter.id}, ${confirmer.id})`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]?.n).toBe(2);

    // Seven joins (the owner's on creating it, four seeded, two through the app); Quinn turned
    // announcements off.
    expect(greeterDry.totals).toEqual({
      triggers: 7,
      acting: 6,
      messages: 6,
      tagChanges: 0,
      decisions: 0,
      stoppedByLimit: 0,
    });
    expect(greeterDry.runs.map((r) => r.steps[0]?.summary ?? r.skipped)).toEqual([
      "Email “Welcome to Makers, Olive” to Olive Owner",
      "Email “Welcome to Makers, Ada” to Ada Lovelace",
      "Email “Welcome to Makers, Grace” to Grace Hopper",
      "Nothing to do: no one to reach and nothing to change.",
      "Email “Welcome to Makers, Alan” to Alan Turing",
      "Email “Welcome to Makers, Bea” to Bea Builder",
      "Email “Welcome to Makers, Cy” to Cy Coder",
    ]);
    expect(confirmerDry.totals).toMatchObject({ triggers: 2, acting: 2, messages: 2 });
    expect(confirmerDry.runs[0]?.steps.map((s) => s.summary)).toEqual([
      "Email “See you at Robot night” to Bea Builder",
      "Notify the admins: “Bea Builder registered for Robot night”",
    ]);
    const reread = await dryRunById(deps, greeterDry.id);
    expect(reread?.runs.map(shape)).toEqual(greeterDry.runs.map(shape));
    expect(reread?.totals).toEqual(greeterDry.totals);

    // Now the real thing: both agents on since the start of the month, and the log replayed to them.
    await t.server.database.db.execute(sql`update agent set status = 'on', enabled_at = ${from.toISOString()}::timestamptz
      where id in (${greeter.id}, ${confirmer.id})`);
    await t.server.database.db.execute(
      sql`update log_subscriber set tx_id = 0, position = 0 where name = 'agents'`,
    );
    await t.drain();
    for (const dry of [greeterDry, confirmerDry]) {
      const real = (await t.server.database.db.execute(
        sql`select trigger_key, status, plan from agent_run where agent_id = ${dry.agentId} order by trigger_key`,
      )) as unknown as { rows: { trigger_key: string; status: string; plan: RunPlan }[] };
      const byKey = new Map(real.rows.map((row) => [row.trigger_key, row]));
      expect([...byKey.keys()].sort()).toEqual(dry.runs.map((r) => r.trigger.key).sort());
      for (const planned of dry.runs) {
        const run = byKey.get(planned.trigger.key);
        expect(run?.plan.trigger).toEqual(shape(planned).trigger);
        expect(run?.plan.skipped).toEqual(planned.skipped);
        expect(run?.plan.stoppedAt).toEqual(planned.stoppedAt);
        expect(run?.plan.steps).toEqual(shape(planned).steps);
        expect(run?.status).toBe(planned.skipped ? "skipped" : "succeeded");
      }
    }
    // Replaying a recorded run plans it again as of now: nothing has changed, so the same steps.
    const [recorded] = (
      (await t.server.database.db.execute(
        sql`select id, plan from agent_run where agent_id = ${confirmer.id} order by trigger_key limit 1`,
      )) as unknown as { rows: { id: string; plan: RunPlan }[] }
    ).rows;
    const replayed = await replayRun(deps, recorded?.id ?? "");
    expect(replayed && shape(replayed).steps).toEqual(recorded?.plan.steps);
    expect(await replayRun(deps, randomUUID())).toBeNull();
    await t.drain();
    const welcomes = t.smtp.mails.filter((m) => m.subject.startsWith("Welcome to Makers"));
    expect(welcomes).toHaveLength(greeterDry.totals.messages);
  });

  it("counts messages per day so the per-day limit stops where the real run would", async () => {
    const tight: AgentDefinition = { ...welcome, limits: { messagesPerRun: 5, messagesPerDay: 1 } };
    const agent = await insertAgent("Tight", tight);
    const from = new Date(Date.now() - 30 * DAY);
    const dry = await dryRunAgent(agentDeps(t), {
      agent,
      definition: tight,
      from,
      to: new Date(Date.now() + 60_000),
      requestedBy: ownerId,
    });
    // The owner's join and the two through the app fell on one day: only the owner is mailed.
    expect(dry.runs.map((r) => r.stoppedAt?.limit ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      "messages_per_day",
      "messages_per_day",
    ]);
    expect(dry.totals).toMatchObject({ triggers: 7, messages: 4, stoppedByLimit: 2 });
  });

  it("finds the time triggers that fell in the period: each schedule occurrence, events that started or ended", async () => {
    // Exactly four weeks, open at one end: four Mondays, whatever the day the test runs.
    const to = new Date();
    const from = new Date(to.getTime() - 28 * DAY);
    const digest: AgentDefinition = {
      ...welcome,
      trigger: { kind: "schedule", cron: "0 9 * * 1" },
      actions: [{ kind: "notify_admins", message: "Weekly digest for {{community.name}}" }],
    };
    const weekly = await dryRunAgent(agentDeps(t), {
      agent: await insertAgent("Digest", digest),
      definition: digest,
      from,
      to,
      requestedBy: ownerId,
    });
    expect(weekly.runs).toHaveLength(4);
    for (const run of weekly.runs) {
      expect(
        new Date(run.trigger.occurredAt).toLocaleString("en-GB", {
          timeZone: "Europe/Berlin",
          weekday: "short",
          hour: "2-digit",
          minute: "2-digit",
        }),
      ).toBe("Mon 09:00");
      expect(run.steps.map((s) => s.summary)).toEqual(["Notify the admins: “Weekly digest for Makers”"]);
    }

    // Robot night, moved into the past: it started three days ago and ended the same evening.
    await t.server.database.db.execute(sql`update event set starts_at = now() - interval '3 days',
      ends_at = now() - interval '3 days' + interval '3 hours' where community_id = ${communityId} and title = 'Robot night'`);
    const thanks: AgentDefinition = {
      ...welcome,
      trigger: { kind: "event_ended" },
      actions: [
        {
          kind: "email",
          to: "registrants",
          subject: "Thanks for coming to {{event.title}}",
          body: "Hi {{member.firstName}}",
        },
      ],
    };
    const ended = await dryRunAgent(agentDeps(t), {
      agent: await insertAgent("Thanks", thanks),
      definition: thanks,
      from,
      to,
      requestedBy: ownerId,
    });
    expect(ended.runs.map((r) => r.steps.map((s) => s.summary))).toEqual([
      ["Email “Thanks for coming to Robot night” to 2 registrants of “Robot night”"],
    ]);
    expect(ended.totals).toMatchObject({ triggers: 1, messages: 2 });
    const soon: AgentDefinition = { ...thanks, trigger: { kind: "event_starts_in", hours: 24 } };
    const starts = await dryRunAgent(agentDeps(t), {
      agent: await insertAgent("Soon", soon),
      definition: soon,
      from,
      to,
      requestedBy: ownerId,
    });
    expect(starts.runs.map((r) => r.trigger.key)).toEqual([expect.stringMatching(/^starts:/)]);
  });

  it("refuses a period that ends before it starts", async () => {
    const agent = await insertAgent("Backwards", welcome);
    await expect(
      dryRunAgent(agentDeps(t), {
        agent,
        definition: welcome,
        from: new Date(),
        to: new Date(Date.now() - DAY),
        requestedBy: ownerId,
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });
});
