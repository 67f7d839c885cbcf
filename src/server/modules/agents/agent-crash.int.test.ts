// An agent's run survives its server being killed (SIGKILL) between two steps: restarted on the
// same data, the run goes on from the step after the one that committed, and the welcome mail its
// first step queued goes out exactly once. The server runs as a child process with test-only knobs
// (COMMONS_TEST_AGENT_*, refused unless NODE_ENV=test) that kill it right after a step commits and
// shorten the run's lease.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createCommunity } from "#server/modules/events/events-test-support.ts";
import { join } from "#server/modules/membership/membership-test-support.ts";
import { type ChildServer, killChildServer, restartableServer } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { DEFAULT_AGENT_LIMITS } from "#shared/agents.ts";

const server = restartableServer({ name: "agent-crash", env: { COMMONS_TEST_AGENT_LEASE_MS: "1500" } });

async function stop(target: ChildServer) {
  target.process.kill("SIGTERM");
  await target.exited;
  expect(target.process.exitCode, target.log()).toBe(0);
}

const welcomesTo = (email: string) =>
  server.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === "Welcome aboard");

it("resumes a run killed between its steps without sending its email twice", {
  timeout: 400_000,
}, async () => {
  let child = await server.start();
  const host = new TestBrowser(server.url, server.smtp);
  const hostEmail = uniqueEmail("host");
  const hostUser = await host.signIn(hostEmail, "Hana Host");
  const communityId = await createCommunity(host, "Crash Club");
  await stop(child);

  // Welcome each newcomer by mail, then tell the admins.
  const definition = {
    trigger: { kind: "member_joined" },
    conditions: {},
    actions: [
      { kind: "email", to: "subject", subject: "Welcome aboard", body: "Hello {{member.firstName}}." },
      { kind: "notify_admins", message: "{{member.name}} joined and was welcomed." },
    ],
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  };
  const agentId = randomUUID();
  await server.query(sql`
    insert into agent (id, community_id, name, definition, approval_mode, status, enabled_at, created_by, created_at, updated_at)
    values (${agentId}, ${communityId}, 'Greeter', ${JSON.stringify(definition)}::jsonb, 'act', 'on', now(),
      ${hostUser.id}, now(), now())`);

  // 1. The server applies the run's first step (the email, queued in the outbox) and dies.
  child = await server.start({ COMMONS_TEST_AGENT_DIE_AFTER_STEP: "1" });
  const newcomer = new TestBrowser(server.url, server.smtp);
  const newcomerEmail = uniqueEmail("newcomer");
  await newcomer.signIn(newcomerEmail, "Nia Newcomer");
  // The join commits before any agent looks at it; the answer may be cut off by the kill.
  await join(newcomer, communityId).catch(() => undefined);
  await child.exited;
  expect(child.process.signalCode, child.log()).toBe("SIGKILL");
  expect(welcomesTo(newcomerEmail)).toHaveLength(0);
  const steps = () =>
    server.query<{ index: number; status: string; attempts: number }>(sql`
      select s.index, s.status, s.attempts from agent_step s join agent_run r on r.id = s.run_id
      where r.agent_id = ${agentId} order by s.index`);
  expect(await steps()).toEqual([
    { index: 0, status: "done", attempts: 1 },
    { index: 1, status: "pending", attempts: 0 },
  ]);

  // 2. Restarted, the queued welcome goes out and, after the run's lease, the second step runs.
  child = await server.start();
  await server.smtp.waitFor(
    (m) => m.to.includes(hostEmail.toLowerCase()) && m.subject.endsWith("a note from the agent “Greeter”"),
    30_000,
  );
  await server.smtp.waitFor(
    (m) => m.to.includes(newcomerEmail.toLowerCase()) && m.subject === "Welcome aboard",
    30_000,
  );
  await stop(child);

  expect(welcomesTo(newcomerEmail)).toHaveLength(1);
  expect(await steps()).toEqual([
    { index: 0, status: "done", attempts: 1 },
    { index: 1, status: "done", attempts: 1 },
  ]);
  const runs = await server.query<{ status: string; attempts: number }>(sql`
    select status, attempts from agent_run where agent_id = ${agentId}`);
  expect(runs).toEqual([{ status: "succeeded", attempts: 2 }]);
  await killChildServer(child);
});
