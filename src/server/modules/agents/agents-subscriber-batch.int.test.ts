import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { createDispatcher } from "#server/jobs/log-dispatcher.ts";
import type { DomainEvent } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { useTestDatabase } from "#server/test/test-database.ts";
import { agentsSubscriber } from "./agents.subscriber.ts";
import { WELCOME } from "./agents-test-support.ts";

// The agents subscriber keeps a community's switched-on agents from one dispatcher batch to the
// next. Switching an agent on or off between two entries, in one batch or across batches, and a
// pause that writes no entry (the runner's, at a limit) must queue runs exactly as reading the
// agents for every entry would.

const database = useTestDatabase();

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

it("queues runs only for the entries after an agent was switched on, and none once it is off or paused", async () => {
  const { db } = database();
  const communityId = randomUUID();
  const agentId = randomUUID();
  let now = Date.parse("2027-05-03T09:00:00Z");
  const clock = () => new Date(now);
  const emit = createEmit({ clock });
  await db.execute(sql`
    insert into agent (id, community_id, name, definition, approval_mode, status, created_by, created_at, updated_at)
    values (${agentId}, ${communityId}, 'Welcome', ${JSON.stringify(WELCOME)}::jsonb, 'act', 'off', 'someone',
      ${clock().toISOString()}::timestamptz, ${clock().toISOString()}::timestamptz)`);

  const people: string[] = [];
  /** Someone joins a minute later; returns their id. */
  const join = async () => {
    now += 60_000;
    const userId = randomUUID();
    people.push(userId);
    await db.transaction((tx) =>
      emit(tx, {
        type: "member.joined",
        communityId,
        actorId: userId,
        subjectId: userId,
        payload: { userId, role: "member", source: "joined" },
      }),
    );
    return userId;
  };
  /** An admin switches the agent, logged; `pause`: the runner pauses it, which logs nothing. */
  const switchTo = async (to: "on" | "off" | "paused", logged = true) => {
    now += 60_000;
    await db.transaction(async (tx: Db) => {
      await tx.execute(sql`
        update agent set status = ${to},
          enabled_at = case when ${to} = 'on' then ${clock().toISOString()}::timestamptz else enabled_at end
        where id = ${agentId}`);
      if (logged)
        await emit(tx, {
          type: "agent.status_changed",
          communityId,
          actorId: null,
          payload: { agentId, name: "Welcome", from: "off", to, reason: null },
        } as DomainEvent);
    });
  };
  const dispatcher = createDispatcher({
    db,
    subscribers: [agentsSubscriber({ clock })],
    batchSize: 100,
    log: () => {},
  });
  /** Handles what was logged; on PostgreSQL an older open transaction may hold entries back a moment. */
  const handled = async () => {
    let count = 0;
    for (;;) {
      count += await dispatcher.dispatch();
      if (!(await dispatcher.behind())) return count;
    }
  };
  const runFor = async () =>
    new Set(
      rowsOf<{ subject_user_id: string }>(
        await db.execute(sql`select subject_user_id from agent_run where agent_id = ${agentId}`),
      ).map((r) => r.subject_user_id),
    );

  // One batch: a join before the agent is on, the switch, a join after it.
  const before = await join();
  await switchTo("on");
  const after = await join();
  expect(await handled()).toBe(3);
  expect(await runFor()).toEqual(new Set([after]));

  // The next batches, while the agent's list is kept: paused without an entry, then on and off.
  await switchTo("paused", false);
  const whilePaused = await join();
  expect(await handled()).toBe(1);
  await switchTo("on");
  const onAgain = await join();
  expect(await handled()).toBe(2);
  await switchTo("off");
  const whileOff = await join();
  expect(await handled()).toBe(2);

  const runs = await runFor();
  expect(runs).toEqual(new Set([after, onAgain]));
  for (const userId of [before, whilePaused, whileOff]) expect(runs.has(userId)).toBe(false);
});
