// The agents' runtime end to end, through the real app: log entries and time queue runs, the
// runner plans and applies them (mail reaches the SMTP capture), each (agent, trigger) runs once,
// also with two servers on one database, limits pause an agent and tell its admins, and proposals
// wait for an admin's decision. The jobs' clock is the test's: time passes without sleeping.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "#server/app.ts";
import { DEFAULT_AGENT_WEBHOOKS } from "#server/config-agents.ts";
import { openDatabase } from "#server/db/client.ts";
import { defaultJobsConfig } from "#server/jobs/jobs.runtime.ts";
import { createEvent, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner, join } from "#server/modules/membership/membership-test-support.ts";
import {
  SERVER_PER_TEST_TIMEOUT,
  startTestServer,
  type TestBrowser,
  type TestServer,
} from "#server/test/harness.ts";
import type { AgentAction } from "#shared/agents.ts";
import { decideApprovals } from "./agent-approvals.service.ts";
import { createAgentRunner } from "./agent-runner.ts";
import { agentState, insertAgent, runsOf, stepsOf } from "./agent-runtime.test-support.ts";
import { timeFacts } from "./agent-triggers.ts";
import { newWebhookSecret } from "./agent-webhook.action.ts";
import { agentRun } from "./agents.tables.ts";
import { type ModelStandin, modelSettingsOf, startModelStandin } from "./model-standin.test-support.ts";

let t: TestServer;
let model: ModelStandin;
let receiver: Server;
/** Calls the webhook receiver got, by path; a path's answers are scripted in `answers`, 204 after. */
const deliveries = new Map<string, number>();
const answers = new Map<string, number[]>();
/** The webhook-id of each call, by path. */
const webhookIds = new Map<string, string[]>();
/** A path whose next call is answered only once the test releases it. */
const holds = new Map<string, Promise<void>>();
beforeAll(async () => {
  model = await startModelStandin();
  receiver = createServer((request, response) => {
    const path = request.url ?? "";
    deliveries.set(path, (deliveries.get(path) ?? 0) + 1);
    webhookIds.set(path, [...(webhookIds.get(path) ?? []), String(request.headers["webhook-id"])]);
    const held = holds.get(path);
    holds.delete(path);
    request.resume();
    request.on("end", async () => {
      await held;
      response.writeHead(answers.get(path)?.shift() ?? 204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  t = await startTestServer({
    overrides: {
      agents: { model: modelSettingsOf(model), webhooks: { ...DEFAULT_AGENT_WEBHOOKS, allowLoopback: true } },
    },
  });
}, SERVER_PER_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await model?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const db = () => t.server.database.db;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const welcome = (subject = "Welcome, {{member.firstName}}"): AgentAction => ({
  kind: "email",
  to: "subject",
  subject,
  body: "Glad you are here at {{community.name}}.",
});

/** An open community with its owner, and a person who will join it. */
async function community() {
  const made = await communityWithOwner(t);
  return { ...made, ownerId: made.ownerUser.id as string };
}

async function newcomer(name: string) {
  const person = await quickSignIn(t, name);
  const email = (
    (await db().execute(sql`select email from "user" where id = ${person.id}`)) as unknown as {
      rows: { email: string }[];
    }
  ).rows[0]?.email as string;
  return { ...person, email };
}

const rowsOfResult = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const mailsTo = (email: string, subject: string) =>
  t.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);

const notices = async (agentId: string) =>
  (
    (await db().execute(sql`select message from agent_notice where agent_id = ${agentId}`)) as unknown as {
      rows: { message: string }[];
    }
  ).rows.map((r) => r.message);

describe("log triggers", () => {
  it("run each switched-on agent once per entry, never for what happened before it was switched on", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    const enabledAt = t.clock.now();
    const on = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [welcome()],
      enabledAt,
    });
    const off = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [welcome("Off")],
      enabledAt,
      status: "off",
    });
    const later = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [welcome("Later")],
      enabledAt: new Date(t.clock.now().getTime() + DAY),
    });
    const requests = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "join_requested" },
      actions: [welcome("Request")],
      enabledAt,
    });

    const people = [
      await newcomer("Ada Lovelace"),
      await newcomer("Grace Hopper"),
      await newcomer("Alan Turing"),
    ];
    for (const person of people) expect((await join(person.browser, communityId)).errors).toBeUndefined();
    await t.drain();

    const runs = await runsOf(db(), on);
    expect(runs.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(new Set(runs.map((r) => r.trigger_key)).size).toBe(3);
    expect(runs.map((r) => r.subject_user_id).sort()).toEqual(people.map((p) => p.id).sort());
    expect(mailsTo(people[0]?.email as string, "Welcome, Ada")).toHaveLength(1);
    expect(mailsTo(people[1]?.email as string, "Welcome, Grace")).toHaveLength(1);
    for (const agentId of [off, later, requests]) expect(await runsOf(db(), agentId)).toEqual([]);

    // The subscriber reads the whole log again (a restored position): nothing runs twice.
    await db().execute(sql`update log_subscriber set tx_id = 0, position = 0 where name = 'agents'`);
    await t.drain();
    expect(await runsOf(db(), on)).toHaveLength(3);
    expect(mailsTo(people[2]?.email as string, "Welcome, Alan")).toHaveLength(1);
  });
});

describe("time triggers", () => {
  it("run a schedule once per occurrence in the community's time zone, and the latest one after a gap", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    // Every day at 09:00 in the community's zone (UTC here).
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "schedule", cron: "0 9 * * *" },
      actions: [{ kind: "notify_admins", message: "Good morning" }],
      enabledAt: t.clock.now(),
    });
    t.clock.advance(3 * DAY);
    await t.drain();
    const first = await runsOf(db(), agentId);
    // Three mornings passed while nothing looked: one run, for the latest.
    expect(first).toHaveLength(1);
    expect(first[0]?.trigger_key).toMatch(/^schedule:\d{4}-\d{2}-\d{2}T09:00$/);
    await t.drain();
    expect(await runsOf(db(), agentId)).toHaveLength(1);

    t.clock.advance(DAY);
    await t.drain();
    const runs = await runsOf(db(), agentId);
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect(await notices(agentId)).toEqual(["Good morning", "Good morning"]);
  });

  it("run once when an event ends and once when it is some hours away", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId, owner } = await community();
    const event = await createEvent(owner, communityId, {});
    const enabledAt = t.clock.now();
    const ended = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "event_ended" },
      actions: [{ kind: "notify_admins", message: "{{event.title}} is over" }],
      enabledAt,
    });
    const soon = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "event_starts_in", hours: 24 },
      actions: [{ kind: "notify_admins", message: "{{event.title}} is tomorrow" }],
      enabledAt,
    });
    const startsAt = new Date(event.startsAt).getTime();
    const endsAt = new Date(event.endsAt).getTime();
    t.clock.advance(startsAt - 25 * 60 * MINUTE - t.clock.now().getTime());
    await t.drain();
    expect(await runsOf(db(), soon)).toEqual([]);
    t.clock.advance(2 * 60 * MINUTE);
    await t.drain();
    expect((await runsOf(db(), soon)).map((r) => [r.trigger_key, r.event_id])).toEqual([
      [`starts:${event.id}:${new Date(startsAt).toISOString()}`, event.id],
    ]);
    expect(await runsOf(db(), ended)).toEqual([]);

    t.clock.advance(endsAt - t.clock.now().getTime() + MINUTE);
    await t.drain();
    t.clock.advance(DAY);
    await t.drain();
    expect((await runsOf(db(), ended)).map((r) => [r.trigger_key, r.status])).toEqual([
      [`ended:${event.id}`, "succeeded"],
    ]);
    expect(await runsOf(db(), soon)).toHaveLength(1);
  });
});

describe("inactive members", () => {
  it("run once per quiet spell of a member", { timeout: SERVER_PER_TEST_TIMEOUT }, async () => {
    const { communityId, ownerId } = await community();
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_inactive", days: 60 },
      actions: [welcome("We miss you")],
      enabledAt: t.clock.now(),
    });
    t.clock.advance(30 * DAY);
    await t.drain();
    expect(await runsOf(db(), agentId)).toEqual([]);
    t.clock.advance(31 * DAY);
    await t.drain();
    t.clock.advance(DAY);
    await t.drain();
    const forAda = (await runsOf(db(), agentId)).filter((r) => r.subject_user_id === ada.id);
    expect(forAda).toHaveLength(1);
    expect(forAda[0]?.trigger_key).toMatch(/^inactive:[^:]+:\d{4}-\d{2}-\d{2}$/);
    expect(forAda[0]?.status).toBe("succeeded");
    expect(mailsTo(ada.email, "We miss you")).toHaveLength(1);
  });
});

describe("limits", () => {
  it("stop a run at the day's message limit, pause the agent and tell the admins", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId, ownerUser } = await community();
    const ownerEmail = ownerUser.email;
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      name: "Greeter",
      trigger: { kind: "member_joined" },
      actions: [welcome("Hello there")],
      limits: { messagesPerDay: 1 },
      enabledAt: t.clock.now(),
    });
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    expect(mailsTo(ada.email, "Hello there")).toHaveLength(1);

    const grace = await newcomer("Grace Hopper");
    expect((await join(grace.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    expect(mailsTo(grace.email, "Hello there")).toHaveLength(0);
    const runs = await runsOf(db(), agentId);
    expect(runs.map((r) => r.status)).toEqual(["succeeded", "stopped_by_limit"]);
    const state = await agentState(db(), agentId);
    expect(state?.status).toBe("paused");
    expect(state?.paused_reason).toContain("messages-per-day");
    expect(await notices(agentId)).toHaveLength(1);
    const toAdmin = t.smtp.mails.filter(
      (m) =>
        m.to.includes(String(ownerEmail).toLowerCase()) &&
        m.subject.endsWith("a note from the agent “Greeter”"),
    );
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.text).toContain("messages-per-day");

    // Paused, it queues nothing for the next newcomer.
    const alan = await newcomer("Alan Turing");
    expect((await join(alan.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    expect(await runsOf(db(), agentId)).toHaveLength(2);

    // A run queued before the pause (another process's entry) stops with the pause's reason.
    const trigger = timeFacts({
      kind: "member_joined",
      key: "queued-before",
      communityId,
      occurredAt: t.clock.now(),
      subjectUserId: alan.id,
    });
    await db()
      .insert(agentRun)
      .values({
        id: randomUUID(),
        agentId,
        communityId,
        triggerKey: trigger.key,
        trigger: trigger as unknown as Record<string, unknown>,
        subjectUserId: alan.id,
        runAfter: t.clock.now(),
        createdAt: t.clock.now(),
      });
    await t.drain();
    const last = (await runsOf(db(), agentId)).find((r) => r.trigger_key === "queued-before");
    expect([last?.status, last?.error]).toEqual(["stopped_by_limit", state?.paused_reason]);
    expect(mailsTo(alan.email, "Hello there")).toHaveLength(0);
    expect(await notices(agentId)).toHaveLength(1);
  });
});

describe("failing steps", () => {
  it("retry with growing delays, then fail the run with the step's reason", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    const hook = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
    answers.set("/recovers", [500, 503]);
    answers.set("/down", [500, 500, 500, 500, 500]);
    const webhookAgent = (path: string) =>
      insertAgent(db(), {
        communityId,
        createdBy: ownerId,
        trigger: { kind: "member_joined" },
        actions: [{ kind: "webhook", url: hook(path) }],
        webhookSecret: newWebhookSecret(),
        enabledAt: t.clock.now(),
      });
    const recovers = await webhookAgent("/recovers");
    const down = await webhookAgent("/down");
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const stepOf = async (agentId: string) =>
      (await stepsOf(db(), (await runsOf(db(), agentId))[0]?.id as string))[0];
    expect(deliveries.get("/recovers")).toBe(1);
    expect(await stepOf(recovers)).toMatchObject({
      status: "pending",
      attempts: 1,
      error: "The webhook answered HTTP 500.",
    });
    // Not again before the first delay (30 s), then after it; the next waits twice as long.
    await t.drain();
    expect(deliveries.get("/recovers")).toBe(1);
    t.clock.advance(defaultJobsConfig.agentRetryBaseMs);
    await t.drain();
    expect(deliveries.get("/recovers")).toBe(2);
    t.clock.advance(defaultJobsConfig.agentRetryBaseMs);
    await t.drain();
    expect(deliveries.get("/recovers")).toBe(2);
    t.clock.advance(defaultJobsConfig.agentRetryBaseMs);
    await t.drain();
    expect(deliveries.get("/recovers")).toBe(3);
    expect(await stepOf(recovers)).toMatchObject({ status: "done", attempts: 3, error: null });
    expect((await runsOf(db(), recovers)).map((r) => r.status)).toEqual(["succeeded"]);

    for (let i = 0; i < 4; i++) {
      t.clock.advance(8 * defaultJobsConfig.agentRetryBaseMs);
      await t.drain();
    }
    expect(deliveries.get("/down")).toBe(defaultJobsConfig.agentMaxAttempts);
    expect(await stepOf(down)).toMatchObject({
      status: "failed",
      attempts: defaultJobsConfig.agentMaxAttempts,
    });
    const [failed] = await runsOf(db(), down);
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toBe(
      `Step 1 (webhook) failed after ${defaultJobsConfig.agentMaxAttempts} attempts: The webhook answered HTTP 500.`,
    );
  });
});

describe("a run taken over after its lease", () => {
  it("never applies a step twice, and repeats a webhook call with the same id", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [
        { kind: "webhook", url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/held` },
        welcome("Taken over"),
      ],
      webhookSecret: newWebhookSecret(),
      enabledAt: t.clock.now(),
    });
    // A run due only by the two runners' clocks, a month ahead: the server's own runner leaves it.
    const due = t.clock.now().getTime() + 30 * DAY;
    const lease = 60_000;
    const trigger = timeFacts({
      kind: "member_joined",
      key: "takeover",
      communityId,
      occurredAt: t.clock.now(),
      subjectUserId: ada.id,
    });
    await db()
      .insert(agentRun)
      .values({
        id: randomUUID(),
        agentId,
        communityId,
        triggerKey: trigger.key,
        trigger: trigger as unknown as Record<string, unknown>,
        subjectUserId: ada.id,
        runAfter: new Date(due),
        createdAt: t.clock.now(),
      });
    const runnerAt = (at: number) =>
      createAgentRunner(
        { ...t.server.agents, clock: () => new Date(at) },
        { leaseMs: lease, retryBaseMs: 1_000, maxAttempts: 3, batchSize: 5 },
      );
    let release = () => {};
    holds.set("/held", new Promise<void>((resolve) => (release = resolve)));
    // The first runner claims the run and waits on the webhook past its lease...
    const first = runnerAt(due).step();
    while (!deliveries.get("/held")) await new Promise<void>((resolve) => setImmediate(resolve));
    // ...so a second one takes the run over and carries it out.
    expect(await runnerAt(due + lease + 1).step()).toBe(1);
    release();
    expect(await first).toBe(1);
    // The server's clock catches up with the runners': the mail they queued is due.
    t.clock.advance(due + lease + 1 - t.clock.now().getTime());
    await t.drain();

    const [run] = await runsOf(db(), agentId);
    expect(run?.status).toBe("succeeded");
    expect((await stepsOf(db(), run?.id as string)).map((step) => [step.status, step.attempts])).toEqual([
      ["done", 1],
      ["done", 1],
    ]);
    expect(mailsTo(ada.email, "Taken over")).toHaveLength(1);
    const ids = webhookIds.get("/held") ?? [];
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it("is not handed back by the shutting-down process whose lease ran out", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [welcome("Handed back")],
      enabledAt: t.clock.now(),
    });
    const due = t.clock.now().getTime() + 30 * DAY;
    const lease = 60_000;
    const trigger = timeFacts({
      kind: "member_joined",
      key: "handback",
      communityId,
      occurredAt: t.clock.now(),
    });
    const runId = randomUUID();
    await db()
      .insert(agentRun)
      .values({
        id: runId,
        agentId,
        communityId,
        triggerKey: trigger.key,
        trigger: trigger as unknown as Record<string, unknown>,
        runAfter: new Date(due),
        createdAt: t.clock.now(),
      });
    const takenOverUntil = new Date(due + 2 * lease + 1);
    // Between this runner's claim and its hand-back, another process claims the run again, as the
    // claim does: its lease pushed out, its attempt counted.
    let statements = 0;
    const real = db();
    const racing = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof real.execute>[0]) => {
          statements++;
          if (statements === 2) {
            await target.execute(sql`update agent_run set attempts = attempts + 1,
              run_after = ${takenOverUntil.toISOString()}::timestamptz where id = ${runId}`);
          }
          return target.execute(query);
        };
      },
    });
    const stopping = createAgentRunner(
      { ...t.server.agents, db: racing, clock: () => new Date(due) },
      { leaseMs: lease, retryBaseMs: 1_000, maxAttempts: 3, batchSize: 5, stopping: () => true },
    );
    expect(await stopping.step()).toBe(1);
    const result = await real.execute(
      sql`select attempts, run_after::text as due from agent_run where id = ${runId}`,
    );
    const [row] = (result as unknown as { rows: { attempts: number; due: string }[] }).rows;
    // The other process's claim stands: both attempts counted, due only after its lease.
    expect(row?.attempts).toBe(2);
    expect(new Date(row?.due ?? 0).getTime()).toBe(takenOverUntil.getTime());
  });
});

describe("model budget", () => {
  it("stops a run that would pass the community's monthly budget and pauses the agent", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    await db().execute(sql`
      insert into agent_settings (community_id, model_budget_micros, updated_at) values (${communityId}, 0, now())`);
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      name: "Wordsmith",
      trigger: { kind: "member_joined" },
      actions: [{ ...welcome("Worded welcome"), wordWithModel: true } as AgentAction],
      enabledAt: t.clock.now(),
    });
    const calls = model.calls.length;
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    expect(model.calls.length).toBe(calls);
    expect(mailsTo(ada.email, "Worded welcome")).toHaveLength(0);
    expect((await runsOf(db(), agentId)).map((r) => r.status)).toEqual(["stopped_by_limit"]);
    const state = await agentState(db(), agentId);
    expect(state).toEqual({
      status: "paused",
      paused_reason: 'Agent "Wordsmith" paused itself: it reached the community\'s monthly model budget.',
    });
    expect(await notices(agentId)).toEqual([state?.paused_reason]);
  });
});

describe("approvals", () => {
  it("hold proposed actions until an admin approves or rejects them, each once", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId } = await community();
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [welcome("Proposed welcome")],
      approvalMode: "propose",
      enabledAt: t.clock.now(),
    });
    const ada = await newcomer("Ada Lovelace");
    const grace = await newcomer("Grace Hopper");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    expect((await join(grace.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const runs = await runsOf(db(), agentId);
    expect(runs.map((r) => r.status)).toEqual(["awaiting_approval", "awaiting_approval"]);
    expect(mailsTo(ada.email, "Proposed welcome")).toHaveLength(0);
    const approvals = (
      (await db().execute(sql`
        select a.id, a.reason, a.status, r.subject_user_id from agent_approval a join agent_run r on r.id = a.run_id
        where a.agent_id = ${agentId}`)) as unknown as {
        rows: { id: string; reason: string; status: string; subject_user_id: string }[];
      }
    ).rows;
    expect(approvals.map((a) => a.status)).toEqual(["pending", "pending"]);
    expect(approvals.every((a) => a.reason.length > 0)).toBe(true);
    const forAda = approvals.find((a) => a.subject_user_id === ada.id)?.id as string;
    const forGrace = approvals.find((a) => a.subject_user_id === grace.id)?.id as string;

    // Another community's admin names them: nothing is decided.
    const other = await community();
    const deps = t.server.agents;
    expect(
      await decideApprovals(deps, {
        communityId: other.communityId,
        ids: [forAda],
        decision: "approve",
        deciderId: other.ownerId,
      }),
    ).toEqual({ decided: [] });

    expect(
      await decideApprovals(deps, { communityId, ids: [forAda], decision: "approve", deciderId: ownerId }),
    ).toEqual({
      decided: [forAda],
    });
    expect(
      await decideApprovals(deps, { communityId, ids: [forGrace], decision: "reject", deciderId: ownerId }),
    ).toEqual({
      decided: [forGrace],
    });
    // Decided once: a second decision changes nothing.
    expect(
      await decideApprovals(deps, {
        communityId,
        ids: [forAda, forGrace],
        decision: "reject",
        deciderId: ownerId,
      }),
    ).toEqual({ decided: [] });
    await t.drain();

    expect(mailsTo(ada.email, "Proposed welcome")).toHaveLength(1);
    expect(mailsTo(grace.email, "Proposed welcome")).toHaveLength(0);
    const after = await runsOf(db(), agentId);
    expect(after.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    const graceRun = after.find((r) => r.subject_user_id === grace.id)?.id as string;
    expect((await stepsOf(db(), graceRun)).map((s) => s.status)).toEqual(["rejected"]);
  });
});

describe("an approval decided while the runner is at the run", () => {
  it("is carried out too, before the run finishes", { timeout: SERVER_PER_TEST_TIMEOUT }, async () => {
    const { communityId, ownerId } = await community();
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      trigger: { kind: "member_joined" },
      actions: [
        { kind: "webhook", url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/slow` },
        welcome("Approved late"),
      ],
      approvalMode: "propose",
      webhookSecret: newWebhookSecret(),
      enabledAt: t.clock.now(),
    });
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const approvals = rowsOfResult<{ id: string; index: number }>(
      await db().execute(sql`
        select a.id, s.index from agent_approval a join agent_step s on s.id = a.step_id
        where a.agent_id = ${agentId} order by s.index`),
    );
    expect(approvals.map((a) => a.index)).toEqual([0, 1]);
    const decide = (id: string) =>
      decideApprovals(t.server.agents, { communityId, ids: [id], decision: "approve", deciderId: ownerId });

    let release = () => {};
    holds.set("/slow", new Promise<void>((resolve) => (release = resolve)));
    // The webhook is approved and the runner calls it; the welcome is approved meanwhile.
    await decide(approvals[0]?.id as string);
    while (!deliveries.get("/slow")) await new Promise<void>((resolve) => setImmediate(resolve));
    await decide(approvals[1]?.id as string);
    release();
    await t.drain();

    expect(mailsTo(ada.email, "Approved late")).toHaveLength(1);
    const [run] = await runsOf(db(), agentId);
    expect(run?.status).toBe("succeeded");
    expect((await stepsOf(db(), run?.id as string)).map((step) => step.status)).toEqual(["done", "done"]);
  });
});

describe("two servers on one database", () => {
  it("never run one agent for one entry twice", { timeout: SERVER_PER_TEST_TIMEOUT }, async () => {
    const database = t.config.databaseUrl
      ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: null })
      : { ...t.server.database, close: async () => {} };
    // The second server's jobs look often: both compete for the same runs while the test drains.
    const second = await createServerApp(
      { ...t.config, jobs: { ...defaultJobsConfig, pollIntervalMs: 5, logPollIntervalMs: 5 } },
      { database, clock: t.clock.now },
    );
    try {
      const { communityId, ownerId } = await community();
      const agentIds = [];
      for (let i = 0; i < 3; i++) {
        agentIds.push(
          await insertAgent(db(), {
            communityId,
            createdBy: ownerId,
            trigger: { kind: "member_joined" },
            actions: [
              welcome(`Welcome ${i}`),
              { kind: "notify_admins", message: `{{member.name}} joined (${i})` },
            ],
            enabledAt: t.clock.now(),
          }),
        );
      }
      const people = [];
      for (let i = 0; i < 6; i++) people.push(await newcomer(`Person ${i}`));
      await Promise.all(people.map((p) => join(p.browser, communityId)));
      await Promise.all([t.drain(), second.jobs.drain()]);
      await Promise.all([t.drain(), second.jobs.drain()]);

      for (const agentId of agentIds) {
        const runs = await runsOf(db(), agentId);
        expect(runs).toHaveLength(6);
        expect(runs.every((r) => r.status === "succeeded")).toBe(true);
        expect(await notices(agentId)).toHaveLength(6);
      }
      for (const person of people) {
        for (let i = 0; i < 3; i++) expect(mailsTo(person.email, `Welcome ${i}`)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});

/** What the community's admin sees: the approvals queue, and the run's steps with their statuses. */
async function adminView(owner: TestBrowser, communityId: string, runId: string) {
  const seen = await owner.graphql<{
    agentApprovals: { id: string; status: string }[];
    agentRun: { status: string; steps: { kind: string; status: string }[] } | null;
  }>(
    `query ($c: ID!, $r: ID!) {
      agentApprovals(communityId: $c) { id status }
      agentRun(id: $r) { status steps { kind status } }
    }`,
    { c: communityId, r: runId },
  );
  expect(seen.errors).toBeUndefined();
  return {
    queue: seen.data?.agentApprovals.filter((a) => a.status === "pending").map((a) => a.id) ?? [],
    run: seen.data?.agentRun?.status,
    steps: seen.data?.agentRun?.steps.map((s) => `${s.kind} ${s.status}`),
  };
}

async function approve(owner: TestBrowser, communityId: string, ids: string[]) {
  const decided = await owner.graphql(
    "mutation ($input: DecideAgentApprovalsInput!) { decideAgentApprovals(input: $input) { id } }",
    { input: { communityId, ids, decision: "APPROVE" } },
  );
  expect(decided.errors).toBeUndefined();
}

/** The run's approvals, in step order. */
const approvalsOf = async (runId: string) =>
  rowsOfResult<{ id: string }>(
    await db().execute(sql`
      select a.id from agent_approval a join agent_step s on s.id = a.step_id
      where a.run_id = ${runId} order by s.index`),
  ).map((a) => a.id);

describe("a run that ends short", () => {
  it("closes its proposals when a step fails for good, and when a limit stops it", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerId, owner } = await community();
    const port = (receiver.address() as AddressInfo).port;
    answers.set("/broken", [500, 500, 500, 500, 500]);
    const failing = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      name: "Failing",
      trigger: { kind: "member_joined" },
      actions: [{ kind: "webhook", url: `http://127.0.0.1:${port}/broken` }, welcome("Never proposed on")],
      approvalMode: "propose",
      webhookSecret: newWebhookSecret(),
      enabledAt: t.clock.now(),
    });
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const [run] = await runsOf(db(), failing);
    const [webhook, mail] = await approvalsOf(run?.id as string);
    expect((await adminView(owner, communityId, run?.id as string)).queue.sort()).toEqual(
      [webhook, mail].sort(),
    );
    // Only the webhook is approved; it fails every attempt, and the run fails with it.
    await approve(owner, communityId, [webhook as string]);
    for (let i = 0; i < defaultJobsConfig.agentMaxAttempts; i++) {
      t.clock.advance(8 * defaultJobsConfig.agentRetryBaseMs);
      await t.drain();
    }
    expect(await adminView(owner, communityId, run?.id as string)).toEqual({
      queue: [],
      run: "FAILED",
      steps: ["webhook FAILED", "email SKIPPED"],
    });
    expect(mailsTo(ada.email, "Never proposed on")).toHaveLength(0);

    // One message a day: Grace's welcome is sent, Alan's run is stopped at the limit when its
    // approved welcome would be the second, and its other proposal leaves the queue.
    const limited = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      name: "Limited",
      trigger: { kind: "member_joined" },
      actions: [welcome("One a day"), { kind: "notify_admins", message: "{{member.name}} joined" }],
      approvalMode: "propose",
      limits: { messagesPerDay: 1 },
      enabledAt: t.clock.now(),
    });
    const grace = await newcomer("Grace Hopper");
    const alan = await newcomer("Alan Turing");
    expect((await join(grace.browser, communityId)).errors).toBeUndefined();
    expect((await join(alan.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const [graceRun, alanRun] = await runsOf(db(), limited);
    const [graceMail] = await approvalsOf(graceRun?.id as string);
    await approve(owner, communityId, [graceMail as string]);
    await t.drain();
    expect(mailsTo(grace.email, "One a day")).toHaveLength(1);
    const [alanMail, alanNote] = await approvalsOf(alanRun?.id as string);
    await approve(owner, communityId, [alanMail as string]);
    await t.drain();
    const seen = await adminView(owner, communityId, alanRun?.id as string);
    expect(seen.queue).not.toContain(alanNote);
    expect(seen).toMatchObject({
      run: "STOPPED_BY_LIMIT",
      steps: ["email SKIPPED", "notify_admins SKIPPED"],
    });
    expect(mailsTo(alan.email, "One a day")).toHaveLength(0);
    expect((await agentState(db(), limited))?.status).toBe("paused");
  });
});

describe("a planned run of an agent switched off since", () => {
  it("skips what is left, but for what an admin approved", { timeout: SERVER_PER_TEST_TIMEOUT }, async () => {
    const { communityId, ownerId, owner } = await community();
    const port = (receiver.address() as AddressInfo).port;
    answers.set("/flaky-act", [500]);
    answers.set("/flaky-approved", [500]);
    const acting = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      name: "Acting",
      trigger: { kind: "member_joined" },
      actions: [{ kind: "webhook", url: `http://127.0.0.1:${port}/flaky-act` }, welcome("Acted welcome")],
      webhookSecret: newWebhookSecret(),
      enabledAt: t.clock.now(),
    });
    const proposing = await insertAgent(db(), {
      communityId,
      createdBy: ownerId,
      name: "Proposing",
      trigger: { kind: "member_joined" },
      actions: [
        { kind: "webhook", url: `http://127.0.0.1:${port}/flaky-approved` },
        welcome("Approved welcome"),
      ],
      approvalMode: "propose",
      webhookSecret: newWebhookSecret(),
      enabledAt: t.clock.now(),
    });
    const ada = await newcomer("Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();
    const [proposed] = await runsOf(db(), proposing);
    await approve(owner, communityId, await approvalsOf(proposed?.id as string));
    await t.drain();
    // Both webhooks failed once and wait for their retry, their welcomes after them.
    expect(deliveries.get("/flaky-act")).toBe(1);
    expect(deliveries.get("/flaky-approved")).toBe(1);

    // The admin switches both off; the proposing one then stands paused, as a limit leaves an agent.
    for (const id of [acting, proposing]) {
      const off = await owner.graphql(
        "mutation ($id: ID!) { setAgentEnabled(id: $id, enabled: false) { id } }",
        {
          id,
        },
      );
      expect(off.errors).toBeUndefined();
    }
    await db().execute(sql`update agent set status = 'paused' where id = ${proposing}`);
    t.clock.advance(2 * defaultJobsConfig.agentRetryBaseMs);
    await t.drain();

    const [acted] = await runsOf(db(), acting);
    expect((await adminView(owner, communityId, acted?.id as string)).steps).toEqual([
      "webhook SKIPPED",
      "email SKIPPED",
    ]);
    expect(deliveries.get("/flaky-act")).toBe(1);
    expect(mailsTo(ada.email, "Acted welcome")).toHaveLength(0);
    // What the admin approved is still carried out.
    expect(await adminView(owner, communityId, proposed?.id as string)).toMatchObject({
      queue: [],
      steps: ["webhook DONE", "email DONE"],
    });
    expect(deliveries.get("/flaky-approved")).toBe(2);
    expect(mailsTo(ada.email, "Approved welcome")).toHaveLength(1);
  });
});
