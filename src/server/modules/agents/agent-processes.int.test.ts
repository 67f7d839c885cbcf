// Two server processes on one PostgreSQL database, each with its own log dispatcher and agent
// runner: people join through either, and every (agent, entry) runs exactly once, each welcome mail
// reaching its person once. PGlite keeps its data to one process, so this runs on PostgreSQL only.

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createCommunity } from "#server/modules/events/events-test-support.ts";
import { join } from "#server/modules/membership/membership-test-support.ts";
import { type ChildServer, killChildServer, startChildServerOnFreePort } from "#server/test/child-server.ts";
import { createTestDatabase, TestBrowser, type TestDatabase, uniqueEmail } from "#server/test/harness.ts";
import { type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";
import { DEFAULT_AGENT_LIMITS } from "#shared/agents.ts";

let testDatabase: TestDatabase;
let smtp: SmtpCapture;
let dataDir: string;
const servers: ChildServer[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  smtp = await startSmtpCapture();
  dataDir = mkdtempSync(path.join(tmpdir(), "commons-agent-processes-"));
});
afterAll(async () => {
  for (const server of servers) await killChildServer(server);
  await testDatabase?.dispose();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ url: string; child: ChildServer }> {
  const { url, child } = await startChildServerOnFreePort({
    dataDir,
    smtpUrl: smtp.url,
    databaseUrl: testDatabase.databaseUrl,
  });
  servers.push(child);
  return { url, child };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

it.runIf(process.env.DATABASE_URL)(
  "never run one agent for one entry twice with two processes on one database",
  { timeout: 400_000 },
  async () => {
    const [a, b] = [await start(), await start()];
    const host = new TestBrowser(a.url, smtp);
    const hostUser = await host.signIn(uniqueEmail("host"), "Hana Host");
    const communityId = await createCommunity(host, "Two Processes Club");

    const database: Database = await testDatabase.open();
    const agentIds: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const id = randomUUID();
        const definition = {
          trigger: { kind: "member_joined" },
          conditions: {},
          actions: [
            { kind: "email", to: "subject", subject: `Welcome ${i}`, body: "Hello {{member.firstName}}." },
            { kind: "notify_admins", message: `{{member.name}} joined (${i}).` },
          ],
          approvalMode: "act",
          limits: DEFAULT_AGENT_LIMITS,
        };
        await database.db.execute(sql`
          insert into agent (id, community_id, name, definition, approval_mode, status, enabled_at, created_by, created_at, updated_at)
          values (${id}, ${communityId}, ${`Greeter ${i}`}, ${JSON.stringify(definition)}::jsonb, 'act', 'on', now(),
            ${hostUser.id}, now(), now())`);
        agentIds.push(id);
      }

      // People join through either process, at once.
      const people = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const browser = new TestBrowser((i % 2 === 0 ? a : b).url, smtp);
          const email = uniqueEmail(`person${i}`);
          await browser.signIn(email, `Person ${i}`);
          return { browser, email };
        }),
      );
      const joined = await Promise.all(people.map((p) => join(p.browser, communityId)));
      for (const result of joined) expect(result.errors).toBeUndefined();

      for (const person of people) {
        for (let i = 0; i < 3; i++) {
          await smtp.waitFor(
            (m) => m.to.includes(person.email.toLowerCase()) && m.subject === `Welcome ${i}`,
            60_000,
          );
        }
      }
      const finished = () =>
        database.db
          .execute(sql`
            select count(*)::int as n from agent_run
            where community_id = ${communityId} and status = 'succeeded'`)
          .then((r) => rowsOf<{ n: number }>(r)[0]?.n ?? 0);
      // The runs' last step (the note to admins) commits just after the mail went out.
      while ((await finished()) < agentIds.length * people.length)
        await new Promise((r) => setTimeout(r, 20));

      // Both processes stop cleanly: nothing is left for either to do twice.
      for (const server of [a.child, b.child]) {
        server.process.kill("SIGTERM");
        await server.exited;
      }
      const runs = rowsOf<{ agent_id: string; trigger_key: string; status: string }>(
        await database.db.execute(sql`
          select agent_id, trigger_key, status from agent_run where community_id = ${communityId}`),
      );
      expect(runs).toHaveLength(agentIds.length * people.length);
      expect(runs.every((r) => r.status === "succeeded")).toBe(true);
      const notices = rowsOf<{ n: number }>(
        await database.db.execute(sql`
          select count(*)::int as n from agent_notice where community_id = ${communityId}`),
      );
      expect(notices[0]?.n).toBe(agentIds.length * people.length);
      for (const person of people) {
        for (let i = 0; i < 3; i++) {
          expect(
            smtp.mails.filter(
              (m) => m.to.includes(person.email.toLowerCase()) && m.subject === `Welcome ${i}`,
            ),
          ).toHaveLength(1);
        }
      }
    } finally {
      await database.close();
    }
  },
);
