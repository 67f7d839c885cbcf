// The member, registration and announcement actions through the real app: a person asks to join
// or registers, the log fires the agent, the runner applies its steps (the person gets the same
// mail as when an admin decides), and undo takes the run back.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, quickSignIn, registerFor } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner, join } from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, startTestServer, type TestServer } from "#server/test/harness.ts";
import { agentDeps } from "./agent-plan.test-support.ts";
import { insertAgent, runsOf, stepsOf } from "./agent-runtime.test-support.ts";
import { undoRun } from "./agent-undo.service.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, SERVER_PER_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const db = () => t.server.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

describe("an agent deciding join requests", () => {
  it("approves and tags the person and drafts an announcement; undo puts everything back", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, ownerUser } = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerUser.id as string,
      trigger: { kind: "join_requested" },
      actions: [
        { kind: "decide_join_request", decision: "approve" },
        { kind: "add_tag", tag: "new" },
        {
          kind: "draft_announcement",
          subject: "Say hello to {{member.firstName}}",
          body: "{{member.name}} joined.",
        },
      ],
      enabledAt: t.clock.now(),
    });
    const ada = await quickSignIn(t, "Ada Lovelace");
    expect((await join(ada.browser, communityId)).errors).toBeUndefined();
    await t.drain();

    const [run] = await runsOf(db(), agentId);
    expect(run?.status).toBe("succeeded");
    expect((await stepsOf(db(), run?.id as string)).map((s) => [s.kind, s.status])).toEqual([
      ["decide_join_request", "done"],
      ["add_tag", "done"],
      ["draft_announcement", "done"],
    ]);
    const membershipOf = async () =>
      (
        await rows<{ status: string; tags: string[] }>(
          sql`select status, tags from membership where community_id = ${communityId} and user_id = ${ada.id}`,
        )
      )[0];
    expect(await membershipOf()).toEqual({ status: "active", tags: ["new"] });
    const email = (await rows<{ email: string }>(sql`select email from "user" where id = ${ada.id}`))[0]
      ?.email;
    expect(
      t.smtp.mails.filter((m) => m.to.includes(email ?? "") && /approved/i.test(m.text ?? "")),
    ).toHaveLength(1);
    expect(
      await rows<{ subject: string; body: string }>(
        sql`select subject, body from announcement_draft where community_id = ${communityId}`,
      ),
    ).toEqual([{ subject: "Say hello to Ada", body: "Ada Lovelace joined." }]);

    const result = await undoRun(agentDeps(t), { runId: run?.id as string, userId: ownerUser.id as string });
    expect(result).toEqual({ undoneSteps: 3, irreversibleSteps: 0, skippedSteps: [] });
    expect(await membershipOf()).toEqual({ status: "pending", tags: [] });
    expect(await rows(sql`select id from announcement_draft where community_id = ${communityId}`)).toEqual(
      [],
    );
    expect((await stepsOf(db(), run?.id as string)).map((s) => s.status)).toEqual([
      "undone",
      "undone",
      "undone",
    ]);
    // What undo wrote fires no agent again: the request's reopening is not a new request.
    await t.drain();
    expect(await runsOf(db(), agentId)).toHaveLength(1);
  });
});

describe("an agent deciding registrations", () => {
  it("approves a registration that waits for approval into a seat, as an organizer would", {
    timeout: SERVER_PER_TEST_TIMEOUT,
  }, async () => {
    const { communityId, owner, ownerUser } = await communityWithOwner(t);
    const event = await createEvent(owner, communityId, { approvalRequired: true, capacity: 5 });
    const agentId = await insertAgent(db(), {
      communityId,
      createdBy: ownerUser.id as string,
      trigger: { kind: "registration_created" },
      actions: [{ kind: "decide_registration", decision: "approve" }],
      enabledAt: t.clock.now(),
    });
    const ben = await quickSignIn(t, "Ben Registrant");
    const result = await registerFor(ben.browser, event.id);
    expect(result.errors).toBeUndefined();
    const registered = result.data?.register as { id: string; status: string };
    expect(registered.status).toBe("PENDING");
    await t.drain();

    const statusOf = async () =>
      (await rows<{ status: string }>(sql`select status from registration where id = ${registered.id}`))[0]
        ?.status;
    expect(await statusOf()).toBe("going");
    const [run] = await runsOf(db(), agentId);
    await undoRun(agentDeps(t), { runId: run?.id as string, userId: ownerUser.id as string });
    expect(await statusOf()).toBe("pending");
    const counts = await rows<{ going_count: number; pending_count: number }>(
      sql`select going_count, pending_count from event where id = ${event.id}`,
    );
    expect(counts).toEqual([{ going_count: 0, pending_count: 1 }]);
  });
});
