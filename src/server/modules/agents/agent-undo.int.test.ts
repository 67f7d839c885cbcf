// The member, registration and announcement actions of agents, planned, applied and undone on a
// real database through the owning modules' rules: what each changes, that undo takes back exactly
// that (and leaves what moved on since), and that a run is undone once.
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import {
  agentApproval,
  agentRun,
  agentStep,
  announcement,
  announcementDraft,
  community,
  domainEvent,
  membership,
  registration,
  user,
} from "#server/db/schema.ts";
import { DomainError } from "#server/errors.ts";
import { createCommunity } from "#server/modules/communities/community-writes.service.ts";
import { createEvent } from "#server/modules/events/event-writes.service.ts";
import { getEvent } from "#server/modules/events/events.service.ts";
import type { EventInput } from "#server/modules/events/events.validation.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { listAnnouncementDrafts } from "#server/modules/members/announcement-drafts.service.ts";
import { sendAnnouncement } from "#server/modules/members/announcements.service.ts";
import { tagMembers } from "#server/modules/members/member-tags.service.ts";
import { joinCommunity } from "#server/modules/membership/join.service.ts";
import { cancelRegistration, register } from "#server/modules/registrations/registrations.service.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import { wallInDays } from "#server/test/event-input.ts";
import { createTestDatabase, type TestDatabase, uniqueEmail } from "#server/test/harness.ts";
import type { AgentAction } from "#shared/agents.ts";
import {
  addIrreversibleStep,
  agentDeps,
  insertAgent,
  planContext,
  planSteps,
  runSteps,
} from "./agent-actions.test-support.ts";
import { undoRun, undoSince } from "./agent-undo.service.ts";

const opened: Database[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const database of databases.splice(0)) await database.dispose();
});

const clock = () => new Date();
const emit = createEmit({ clock });

async function setUp(joinPolicy: "open" | "approval" = "open") {
  const testDatabase = await createTestDatabase();
  databases.push(testDatabase);
  const database = await testDatabase.open();
  opened.push(database);
  const db = database.db;
  const person = async (name: string): Promise<Viewer> => {
    const viewer = {
      id: randomUUID(),
      name,
      email: uniqueEmail(name.split(" ")[0]?.toLowerCase()),
      image: null,
    };
    await db.insert(user).values({ ...viewer, emailVerified: true });
    return viewer;
  };
  const as = (viewer: Viewer | null) => ({ db, viewer, emit, clock, authSecret: "test-secret" });
  const owner = await person("Olga Owner");
  const club = await createCommunity(as(owner), {
    name: "Agents club",
    slug: `agents-${randomUUID().slice(0, 8)}`,
    timeZone: "Europe/Berlin",
    currency: "EUR",
    visibility: "public",
    joinPolicy,
  });
  const event = async (overrides: Partial<EventInput> = {}) =>
    createEvent(
      as(owner),
      club.id,
      {
        title: "Spring meetup",
        startsAtLocal: wallInDays(10, "18:00"),
        endsAtLocal: wallInDays(10, "21:00"),
        timeZone: "Europe/Berlin",
        waitlistEnabled: true,
        approvalRequired: true,
        visibility: "public",
        ticketTypes: [{ name: "General" }],
        questions: [],
        ...overrides,
      },
      true,
      { canTakePayments: async () => false },
    );
  const deps = agentDeps(db, clock);
  const agentWith = (actions: AgentAction[]) => insertAgent(db, club.id, owner.id, actions);
  const membershipOf = async (userId: string) =>
    (
      await db
        .select()
        .from(membership)
        .where(and(eq(membership.communityId, club.id), eq(membership.userId, userId)))
    )[0] ?? null;
  const statusOf = async (registrationId: string) =>
    (await db.select().from(registration).where(eq(registration.id, registrationId)))[0]?.status;
  const stepsOf = (runId: string) =>
    db.select().from(agentStep).where(eq(agentStep.runId, runId)).orderBy(asc(agentStep.index));
  const memberCount = async () =>
    (await db.select({ n: community.memberCount }).from(community).where(eq(community.id, club.id)))[0]?.n;
  return {
    db,
    deps,
    person,
    as,
    owner,
    club,
    event,
    agentWith,
    membershipOf,
    statusOf,
    stepsOf,
    memberCount,
  };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a refusal");
}

describe("agent tag actions", () => {
  it("tag the member, plan nothing when the tag is already there, and undo only what they changed", async () => {
    const s = await setUp();
    const ada = await s.person("Ada Lovelace");
    const ben = await s.person("Ben Bystander");
    await joinCommunity(s.as(ada), s.club.id, []);
    await joinCommunity(s.as(ben), s.club.id, []);
    const adaMembership = await s.membershipOf(ada.id);
    const benMembership = await s.membershipOf(ben.id);
    if (!adaMembership || !benMembership) throw new Error("not joined");
    await tagMembers(
      s.as(s.owner),
      s.club.id,
      { membershipIds: [adaMembership.id, benMembership.id] },
      {
        add: ["vip"],
        remove: [],
      },
    );
    const agent = await s.agentWith([
      { kind: "add_tag", tag: "  new  " },
      { kind: "remove_tag", tag: "vip" },
      { kind: "remove_tag", tag: "absent" },
    ]);

    const ctx = await planContext(s.db, agent, { userId: ada.id });
    const planned = await planSteps(s.deps, ctx);
    // "absent" is not on Ada: removing it would change nothing, so it is no step at all.
    expect(planned.map((p) => [p.kind, p.summary])).toEqual([
      ["add_tag", "Tag Ada Lovelace “new”"],
      ["remove_tag", "Remove the tag “vip” from Ada Lovelace"],
    ]);
    const runId = await runSteps(s.deps, ctx, planned);
    expect((await s.membershipOf(ada.id))?.tags).toEqual(["new"]);
    const entries = await s.db
      .select()
      .from(domainEvent)
      .where(and(eq(domainEvent.type, "member.tagged"), eq(domainEvent.subjectId, ada.id)))
      .orderBy(asc(domainEvent.position));
    // The agent acts as nobody in particular: no actor in the log.
    expect(entries.slice(-2).map((e) => [e.actorId, e.payload])).toEqual([
      [null, { membershipId: adaMembership.id, userId: ada.id, added: ["new"], removed: [] }],
      [null, { membershipId: adaMembership.id, userId: ada.id, added: [], removed: ["vip"] }],
    ]);
    // Planned again now, nothing is left to do.
    expect(await planSteps(s.deps, await planContext(s.db, agent, { userId: ada.id }))).toEqual([]);

    // An admin adds a tag of their own meanwhile: undo leaves it, and Ben is untouched throughout.
    await tagMembers(
      s.as(s.owner),
      s.club.id,
      { membershipIds: [adaMembership.id] },
      {
        add: ["volunteer"],
        remove: [],
      },
    );
    const result = await undoRun(s.deps, { runId, userId: s.owner.id });
    expect(result).toEqual({ undoneSteps: 2, irreversibleSteps: 0, skippedSteps: [] });
    expect((await s.membershipOf(ada.id))?.tags).toEqual(["volunteer", "vip"]);
    expect((await s.membershipOf(ben.id))?.tags).toEqual(["vip"]);
    expect((await s.stepsOf(runId)).map((st) => st.status)).toEqual(["undone", "undone"]);
    const [run] = await s.db.select().from(agentRun).where(eq(agentRun.id, runId));
    expect(run?.undoneBy).toBe(s.owner.id);
    expect(run?.undoneAt).toBeInstanceOf(Date);

    // Twice is refused, and changes nothing.
    expect((await refusal(undoRun(s.deps, { runId, userId: s.owner.id }))).code).toBe("CONFLICT");
    expect((await s.membershipOf(ada.id))?.tags).toEqual(["volunteer", "vip"]);
  });

  it("leaves a tag someone else removed since, and says so", async () => {
    const s = await setUp();
    const ada = await s.person("Ada Lovelace");
    await joinCommunity(s.as(ada), s.club.id, []);
    const agent = await s.agentWith([{ kind: "add_tag", tag: "new" }]);
    const ctx = await planContext(s.db, agent, { userId: ada.id });
    const runId = await runSteps(s.deps, ctx, await planSteps(s.deps, ctx));
    await addIrreversibleStep(s.db, runId, 1);
    const adaMembership = await s.membershipOf(ada.id);
    await tagMembers(
      s.as(s.owner),
      s.club.id,
      { membershipIds: [adaMembership?.id ?? ""] },
      {
        add: ["later"],
        remove: ["new"],
      },
    );

    const result = await undoRun(s.deps, { runId, userId: s.owner.id });
    expect(result.undoneSteps).toBe(0);
    expect(result.irreversibleSteps).toBe(1);
    expect(result.skippedSteps.map((k) => [k.summary, k.reason])).toEqual([
      ["Tag Ada Lovelace “new”", "the tag “new” was removed since"],
    ]);
    expect((await s.membershipOf(ada.id))?.tags).toEqual(["later"]);
    // The step stays done (its effect was not taken back by the undo), the email stays sent.
    expect((await s.stepsOf(runId)).map((st) => st.status)).toEqual(["done", "done"]);
  });
});

describe("undoing a run that waits for approvals", () => {
  it("rejects its waiting proposals with it, and refuses a run still going", async () => {
    const s = await setUp();
    const ada = await s.person("Ada Lovelace");
    await joinCommunity(s.as(ada), s.club.id, []);
    const agent = await s.agentWith([{ kind: "add_tag", tag: "new" }]);
    const ctx = await planContext(s.db, agent, { userId: ada.id });
    const runId = await runSteps(s.deps, ctx, await planSteps(s.deps, ctx));
    const proposedId = randomUUID();
    await s.db.insert(agentStep).values({
      id: proposedId,
      runId,
      index: 1,
      kind: "remove_tag",
      input: { membershipId: ctx.member?.membershipId, tag: "new", summary: "Remove the tag “new”" },
      status: "proposed",
    });
    await s.db.insert(agentApproval).values({
      id: randomUUID(),
      communityId: s.club.id,
      agentId: agent.id,
      runId,
      stepId: proposedId,
      reason: "Test agent: proposed",
      createdAt: new Date(),
    });
    await s.db.update(agentRun).set({ status: "awaiting_approval" }).where(eq(agentRun.id, runId));

    expect(await undoRun(s.deps, { runId, userId: s.owner.id })).toMatchObject({ undoneSteps: 1 });
    expect((await s.stepsOf(runId)).map((st) => st.status)).toEqual(["undone", "rejected"]);
    const [approval] = await s.db.select().from(agentApproval).where(eq(agentApproval.runId, runId));
    expect([approval?.status, approval?.decidedBy]).toEqual(["rejected", s.owner.id]);
    const [run] = await s.db.select().from(agentRun).where(eq(agentRun.id, runId));
    expect(run?.status).toBe("succeeded");

    const running = await runSteps(s.deps, { ...ctx, trigger: { ...ctx.trigger, key: "test:running" } }, []);
    await s.db.update(agentRun).set({ status: "running" }).where(eq(agentRun.id, running));
    const refused = await refusal(undoRun(s.deps, { runId: running, userId: s.owner.id }));
    expect([refused.code, refused.message]).toEqual([
      "CONFLICT",
      "This run is still going: undo it once it has finished.",
    ]);
    expect((await refusal(undoRun(s.deps, { runId: randomUUID(), userId: s.owner.id }))).code).toBe(
      "NOT_FOUND",
    );
  });
});

describe("agent registration decisions", () => {
  it("approve a pending registration into a seat, and undo puts it back to pending", async () => {
    const s = await setUp();
    const ada = await s.person("Ada Lovelace");
    const { id: eventId } = await s.event({ capacity: 1 });
    const pending = await register(s.as(ada), eventId, { answers: [] });
    expect(pending.status).toBe("pending");
    const agent = await s.agentWith([{ kind: "decide_registration", decision: "approve" }]);
    const ctx = await planContext(s.db, agent, { userId: ada.id, registrationId: pending.id });
    const planned = await planSteps(s.deps, ctx);
    expect(planned.map((p) => p.summary)).toEqual(["Approve Ada Lovelace’s registration"]);

    const runId = await runSteps(s.deps, ctx, planned);
    expect(await s.statusOf(pending.id)).toBe("going");
    let counts = await getEvent(s.as(s.owner), eventId);
    expect([counts.goingCount, counts.pendingCount]).toEqual([1, 0]);
    const [entry] = await s.db
      .select()
      .from(domainEvent)
      .where(eq(domainEvent.type, "registration.status_changed"))
      .orderBy(asc(domainEvent.position));
    expect([entry?.actorId, entry?.payload]).toEqual([
      null,
      { registrationId: pending.id, eventId, from: "pending", to: "going" },
    ]);
    // Decided, it plans nothing more.
    expect(
      await planSteps(s.deps, await planContext(s.db, agent, { userId: ada.id, registrationId: pending.id })),
    ).toEqual([]);

    expect(await undoRun(s.deps, { runId, userId: s.owner.id })).toMatchObject({ undoneSteps: 1 });
    expect(await s.statusOf(pending.id)).toBe("pending");
    counts = await getEvent(s.as(s.owner), eventId);
    expect([counts.goingCount, counts.pendingCount]).toEqual([0, 1]);
  });

  it("decline, and undo it; a registration canceled since is left canceled", async () => {
    const s = await setUp();
    const ada = await s.person("Ada Lovelace");
    const ben = await s.person("Ben Canceler");
    const { id: eventId } = await s.event();
    const adaRegistration = await register(s.as(ada), eventId, { answers: [] });
    const benRegistration = await register(s.as(ben), eventId, { answers: [] });
    const agent = await s.agentWith([{ kind: "decide_registration", decision: "decline" }]);
    const runOf = async (userId: string, registrationId: string) => {
      const ctx = await planContext(s.db, agent, { userId, registrationId });
      return runSteps(s.deps, ctx, await planSteps(s.deps, ctx));
    };
    const adaRun = await runOf(ada.id, adaRegistration.id);
    const benRun = await runOf(ben.id, benRegistration.id);
    expect([await s.statusOf(adaRegistration.id), await s.statusOf(benRegistration.id)]).toEqual([
      "declined",
      "declined",
    ]);
    // Ben registers again and then cancels: his registration moved on from the agent's decline.
    await register(s.as(ben), eventId, { answers: [] });
    await cancelRegistration(s.as(ben), benRegistration.id);
    // A third run is still queued: it is left to finish, and the admin is told so.
    const now = new Date();
    await s.db.insert(agentRun).values({
      id: randomUUID(),
      agentId: agent.id,
      communityId: s.club.id,
      triggerKey: "log:999999",
      trigger: {},
      status: "queued",
      runAfter: now,
      createdAt: now,
    });

    const result = await undoSince(s.deps, {
      communityId: s.club.id,
      agentId: agent.id,
      since: new Date(Date.now() - 60_000),
      userId: s.owner.id,
    });
    expect(result.runs).toBe(2);
    expect(result.runsInProgress).toBe(1);
    expect(result.undoneSteps).toBe(1);
    expect(result.skippedSteps.map((k) => [k.runId, k.reason])).toEqual([[benRun, "it is now canceled"]]);
    expect(await s.statusOf(adaRegistration.id)).toBe("pending");
    expect(await s.statusOf(benRegistration.id)).toBe("canceled");
    // Both runs are undone now: a second pass finds nothing, a run of them is refused.
    expect(
      await undoSince(s.deps, {
        communityId: s.club.id,
        agentId: null,
        since: new Date(0),
        userId: s.owner.id,
      }),
    ).toEqual({ runs: 0, undoneSteps: 0, irreversibleSteps: 0, skippedSteps: [], runsInProgress: 1 });
    expect((await refusal(undoRun(s.deps, { runId: adaRun, userId: s.owner.id }))).code).toBe("CONFLICT");
  });
});

describe("agent join request decisions", () => {
  it("approve a request into a membership, and undo returns it to the queue as it was asked", async () => {
    const s = await setUp("approval");
    const ada = await s.person("Ada Lovelace");
    const requested = await joinCommunity(s.as(ada), s.club.id, []);
    expect(requested.status).toBe("pending");
    const before = await s.memberCount();
    const agent = await s.agentWith([{ kind: "decide_join_request", decision: "approve" }]);
    const ctx = await planContext(s.db, agent, { userId: ada.id, membershipId: requested.id });
    const planned = await planSteps(s.deps, ctx);
    expect(planned.map((p) => p.summary)).toEqual(["Approve Ada Lovelace’s request to join"]);

    const runId = await runSteps(s.deps, ctx, planned);
    const approved = await s.membershipOf(ada.id);
    expect([approved?.status, approved?.decidedBy]).toEqual(["active", null]);
    expect(await s.memberCount()).toBe((before ?? 0) + 1);
    const types = (await s.db.select().from(domainEvent).where(eq(domainEvent.subjectId, ada.id))).map(
      (e) => [e.type, e.actorId],
    );
    expect(types).toEqual(
      expect.arrayContaining([
        ["member.approved", null],
        ["member.joined", null],
      ]),
    );

    await undoRun(s.deps, { runId, userId: s.owner.id });
    const reopened = await s.membershipOf(ada.id);
    expect([reopened?.id, reopened?.status, reopened?.joinedAt.toISOString()]).toEqual([
      requested.id,
      "pending",
      requested.joinedAt.toISOString(),
    ]);
    expect(await s.memberCount()).toBe(before);
  });

  it("decline a request, and undo brings it back to the queue under the same id", async () => {
    const s = await setUp("approval");
    const ada = await s.person("Ada Lovelace");
    const requested = await joinCommunity(s.as(ada), s.club.id, []);
    const agent = await s.agentWith([
      { kind: "decide_join_request", decision: "decline", message: "We are full this season." },
    ]);
    const ctx = await planContext(s.db, agent, { userId: ada.id, membershipId: requested.id });
    const runId = await runSteps(s.deps, ctx, await planSteps(s.deps, ctx));
    expect(await s.membershipOf(ada.id)).toBeNull();
    const [declined] = await s.db.select().from(domainEvent).where(eq(domainEvent.type, "member.declined"));
    expect(declined?.payload).toMatchObject({
      membershipId: requested.id,
      message: "We are full this season.",
    });

    expect(await undoRun(s.deps, { runId, userId: s.owner.id })).toMatchObject({ undoneSteps: 1 });
    const back = await s.membershipOf(ada.id);
    expect([back?.id, back?.status, back?.role]).toEqual([requested.id, "pending", "member"]);
    // Planned again, the pending request is decided again: the agent sees it as new.
    expect(await planSteps(s.deps, await planContext(s.db, agent, { userId: ada.id }))).toHaveLength(1);
  });
});

describe("agent announcement drafts", () => {
  it("draft an announcement the admins see and send; undo deletes it only while unsent", async () => {
    const s = await setUp();
    const agent = await s.agentWith([
      { kind: "draft_announcement", subject: "Spring recap", body: "Thanks for **coming**!" },
    ]);
    const ctx = await planContext(s.db, agent, { userId: s.owner.id });
    const first = await runSteps(s.deps, ctx, await planSteps(s.deps, ctx));
    const second = await runSteps(
      s.deps,
      { ...ctx, trigger: { ...ctx.trigger, key: "test:again" } },
      await planSteps(s.deps, ctx),
    );
    const drafts = await listAnnouncementDrafts(s.as(s.owner), s.club.id);
    expect(drafts.map((d) => [d.subject, d.body, d.agentId])).toEqual([
      ["Spring recap", "Thanks for **coming**!", agent.id],
      ["Spring recap", "Thanks for **coming**!", agent.id],
    ]);

    // The admin sends one of them: it becomes an announcement and leaves the drafts.
    const [sentDraft] = (await s.stepsOf(first)).map((st) => st.output?.draftId as string);
    await sendAnnouncement(s.as(s.owner), s.club.id, {
      subject: "Spring recap",
      body: "Thanks for **coming**!",
      audience: { all: true },
      draftId: sentDraft ?? null,
    });
    expect(await s.db.select().from(announcement)).toHaveLength(1);
    expect(
      (
        await refusal(
          sendAnnouncement(s.as(s.owner), s.club.id, {
            subject: "Spring recap",
            body: "Again",
            audience: { all: true },
            draftId: sentDraft ?? null,
          }),
        )
      ).code,
    ).toBe("CONFLICT");

    const sentResult = await undoRun(s.deps, { runId: first, userId: s.owner.id });
    expect(sentResult.skippedSteps.map((k) => k.reason)).toEqual(["the draft was already sent or deleted"]);
    expect(await undoRun(s.deps, { runId: second, userId: s.owner.id })).toMatchObject({ undoneSteps: 1 });
    expect(await s.db.select().from(announcementDraft)).toEqual([]);
    expect(await s.db.select().from(announcement)).toHaveLength(1);
  });
});
