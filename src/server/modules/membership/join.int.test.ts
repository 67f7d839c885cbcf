// Joining a community: open, by request (with the join questions), invite-only, banned; leaving;
// the request queue with its mails; what /c/{slug} shows; each change's domain event.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community, domainEvent, membership } from "#server/db/schema.ts";
import { eventInput, quickSignIn } from "#server/modules/events/events-test-support.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { approveJoinRequest } from "./join.service.ts";
import { communityWithOwner, join, lastMailTo, person } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const db = () => t.server.database.db;
const memberCount = async (id: string) =>
  (await db().select({ n: community.memberCount }).from(community).where(eq(community.id, id)))[0]?.n;
const eventTypes = async (communityId: string) =>
  (
    await db()
      .select({ type: domainEvent.type })
      .from(domainEvent)
      .where(eq(domainEvent.communityId, communityId))
  ).map((row) => row.type);

const QUESTIONS = [
  { kind: "SHORT_TEXT", label: "Why do you want to join?", required: true },
  { kind: "SINGLE_CHOICE", label: "Level", required: false, options: ["New", "Seasoned"] },
];

async function approvalCommunity() {
  const setup = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
  const saved = await setup.owner.graphql<{
    updateCommunity: { joinQuestions: { id: string; label: string }[] };
  }>(
    "mutation ($id: ID!, $q: [QuestionInput!]) { updateCommunity(id: $id, input: { joinQuestions: $q }) { joinQuestions { id label } } }",
    { id: setup.communityId, q: QUESTIONS },
  );
  expect(saved.errors).toBeUndefined();
  const [why, level] = saved.data?.updateCommunity.joinQuestions ?? [];
  return { ...setup, whyId: why?.id as string, levelId: level?.id as string };
}

describe("joining", () => {
  it("an open community takes a signed-in person at once, once, and counts them", async () => {
    const { communityId } = await communityWithOwner(t);
    const ada = await quickSignIn(t, "Ada Guest");
    const first = await join(ada.browser, communityId);
    expect(first.data?.joinCommunity).toMatchObject({ role: "MEMBER", status: "ACTIVE" });
    const again = await join(ada.browser, communityId);
    expect(again.data?.joinCommunity.id).toBe(first.data?.joinCommunity.id);
    expect(await memberCount(communityId)).toBe(2);
    expect((await eventTypes(communityId)).filter((type) => type === "member.joined")).toHaveLength(2);
  });

  it("a signed-out visitor is asked to sign in", async () => {
    const { communityId } = await communityWithOwner(t);
    const result = await join(t.browser(), communityId);
    expect(result.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("an invite-only community refuses with INVITE_ONLY", async () => {
    const { communityId } = await communityWithOwner(t, { joinPolicy: "INVITE" });
    const ada = await quickSignIn(t, "Ada Guest");
    const result = await join(ada.browser, communityId);
    expect(result.errors?.[0]?.extensions?.code).toBe("INVITE_ONLY");
    expect(await memberCount(communityId)).toBe(1);
  });

  it("an approval community files a request whose answers must meet the join questions", async () => {
    const { communityId, owner, whyId, levelId } = await approvalCommunity();
    const ada = await quickSignIn(t, "Ada Guest");
    const missing = await join(ada.browser, communityId, [{ questionId: levelId, values: ["Expert"] }]);
    expect(missing.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(missing.errors?.[0]?.extensions?.fields?.map((f) => `${f.field}:${f.code}`)).toEqual([
      `answers.${whyId}:ANSWER_REQUIRED`,
      `answers.${levelId}:INVALID_ANSWER`,
    ]);
    const asked = await join(ada.browser, communityId, [
      { questionId: whyId, values: ["To meet people"] },
      { questionId: levelId, values: ["New"] },
    ]);
    expect(asked.data?.joinCommunity).toMatchObject({ status: "PENDING" });
    expect(await memberCount(communityId)).toBe(1);

    const queue = await owner.graphql<{
      community: { pendingJoinRequests: number };
      joinRequests: {
        totalCount: number;
        nodes: { id: string; person: { name: string }; answers: unknown[] }[];
      };
    }>(
      "query ($id: ID!) { community(id: $id) { pendingJoinRequests } joinRequests(communityId: $id) { totalCount nodes { id person { name } answers { question values } } } }",
      { id: communityId },
    );
    expect(queue.data?.community.pendingJoinRequests).toBe(1);
    expect(queue.data?.joinRequests).toEqual({
      totalCount: 1,
      nodes: [
        {
          id: asked.data?.joinCommunity.id,
          person: { name: "Ada Guest" },
          answers: [
            { question: "Why do you want to join?", values: ["To meet people"] },
            { question: "Level", values: ["New"] },
          ],
        },
      ],
    });
    expect(await eventTypes(communityId)).toContain("member.requested");
  });

  it("approving makes the requester a member and mails them", async () => {
    const { communityId, owner, whyId } = await approvalCommunity();
    const ada = await person(t, "ada");
    const asked = await join(ada.browser, communityId, [{ questionId: whyId, values: ["Hello"] }]);
    const id = asked.data?.joinCommunity.id;
    const approved = await owner.graphql<{ approveJoinRequest: { status: string } }>(
      "mutation ($id: ID!) { approveJoinRequest(id: $id) { status } }",
      { id },
    );
    expect(approved.data?.approveJoinRequest.status).toBe("ACTIVE");
    expect(await memberCount(communityId)).toBe(2);
    const mail = await lastMailTo(t, ada.email);
    expect(mail?.subject).toMatch(/^Welcome to Community /);
    expect(mail?.text).toContain("was approved");
    const twice = await owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { status } }", {
      id,
    });
    expect(twice.errors?.[0]?.extensions?.code).toBe("CONFLICT");
  });

  it("declining removes the request and mails the optional message; the person may ask again", async () => {
    const { communityId, owner, whyId } = await approvalCommunity();
    const ada = await person(t, "ada");
    const asked = await join(ada.browser, communityId, [{ questionId: whyId, values: ["Hello"] }]);
    const declined = await owner.graphql(
      "mutation ($id: ID!, $m: String) { declineJoinRequest(id: $id, message: $m) }",
      { id: asked.data?.joinCommunity.id, m: "We are full this season, try again in spring." },
    );
    expect(declined.data).toEqual({ declineJoinRequest: true });
    const mail = await lastMailTo(t, ada.email);
    expect(mail?.text).toContain("was declined");
    expect(mail?.text).toContain("We are full this season, try again in spring.");
    const again = await join(ada.browser, communityId, [{ questionId: whyId, values: ["Please"] }]);
    expect(again.data?.joinCommunity.status).toBe("PENDING");
  });

  it("organizers see the queue but cannot decide; members see neither", async () => {
    const { communityId, whyId } = await approvalCommunity();
    const ada = await quickSignIn(t, "Ada Guest");
    const asked = await join(ada.browser, communityId, [{ questionId: whyId, values: ["Hi"] }]);
    const requestId = asked.data?.joinCommunity.id;
    const organizer = await quickSignIn(t, "Otto Organizer");
    const bob = await quickSignIn(t, "Bob Member");
    for (const [who, role] of [
      [organizer, "ORGANIZER"],
      [bob, "MEMBER"],
    ] as const) {
      await db()
        .insert(membership)
        .values({
          id: crypto.randomUUID(),
          communityId,
          userId: who.id,
          role: role.toLowerCase() as "organizer" | "member",
          status: "active",
          source: "invited",
        });
    }
    const seen = await organizer.browser.graphql<{ joinRequests: { totalCount: number } }>(
      "query ($id: ID!) { joinRequests(communityId: $id) { totalCount } }",
      { id: communityId },
    );
    expect(seen.data?.joinRequests.totalCount).toBe(1);
    const decided = await organizer.browser.graphql(
      "mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }",
      {
        id: requestId,
      },
    );
    expect(decided.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const hidden = await bob.browser.graphql<{ community: { pendingJoinRequests: number | null } }>(
      "query ($id: ID!) { community(id: $id) { pendingJoinRequests } joinRequests(communityId: $id) { totalCount } }",
      { id: communityId },
    );
    expect(hidden.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const count = await bob.browser.graphql<{ community: { pendingJoinRequests: number | null } }>(
      "query ($id: ID!) { community(id: $id) { pendingJoinRequests } }",
      { id: communityId },
    );
    expect(count.data?.community.pendingJoinRequests).toBeNull();
  });
});

describe("banned people", () => {
  it("cannot rejoin, request again, or register for the community's events", async () => {
    const { communityId, owner } = await communityWithOwner(t);
    const ada = await quickSignIn(t, "Ada Guest");
    const joined = await join(ada.browser, communityId);
    const event = await owner.graphql<{ createEvent: { id: string } }>(
      "mutation ($id: ID!, $input: EventInput!) { createEvent(communityId: $id, input: $input, publish: true) { id } }",
      { id: communityId, input: eventInput() },
    );
    const banned = await owner.graphql<{ banMember: { status: string } }>(
      "mutation ($id: ID!) { banMember(membershipId: $id) { status } }",
      { id: joined.data?.joinCommunity.id },
    );
    expect(banned.data?.banMember.status).toBe("BANNED");
    expect(await memberCount(communityId)).toBe(1);
    expect((await join(ada.browser, communityId)).errors?.[0]?.extensions?.code).toBe("BANNED");
    const registered = await ada.browser.graphql(
      "mutation ($id: ID!) { register(eventId: $id, input: { answers: [] }) { id } }",
      { id: event.data?.createEvent.id },
    );
    expect(registered.errors?.[0]?.extensions?.code).toBe("BANNED");
    const left = await ada.browser.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
      id: communityId,
    });
    expect(left.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});

describe("leaving", () => {
  it("a member leaves and is no longer counted; the owner must transfer first", async () => {
    const { communityId, owner } = await communityWithOwner(t);
    const ada = await quickSignIn(t, "Ada Guest");
    await join(ada.browser, communityId);
    const left = await ada.browser.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
      id: communityId,
    });
    expect(left.data).toEqual({ leaveCommunity: true });
    expect(await memberCount(communityId)).toBe(1);
    expect(await eventTypes(communityId)).toContain("member.left");
    const ownerLeaves = await owner.graphql("mutation ($id: ID!) { leaveCommunity(communityId: $id) }", {
      id: communityId,
    });
    expect(ownerLeaves.errors?.[0]?.extensions?.code).toBe("OWNER_MUST_TRANSFER");
  });
});

describe("communityBySlug", () => {
  it("shows a public community whole, a private one's face only to non-members, and null for unknown slugs", async () => {
    const open = await communityWithOwner(t);
    const closed = await communityWithOwner(t, { visibility: "PRIVATE", joinPolicy: "APPROVAL" });
    const query =
      "query ($slug: String!) { communityBySlug(slug: $slug) { name joinPolicy memberCount description viewerMembership { role } } }";
    const stranger = t.browser();
    const publicView = await stranger.graphql<{ communityBySlug: Record<string, unknown> }>(query, {
      slug: open.slug,
    });
    expect(publicView.data?.communityBySlug).toMatchObject({ memberCount: 1, description: "" });
    const privateView = await stranger.graphql<{ communityBySlug: Record<string, unknown> }>(query, {
      slug: closed.slug,
    });
    expect(privateView.data?.communityBySlug).toEqual({
      name: `Community ${closed.slug}`,
      joinPolicy: "APPROVAL",
      memberCount: null,
      description: null,
      viewerMembership: null,
    });
    const ownerView = await closed.owner.graphql<{ communityBySlug: Record<string, unknown> }>(query, {
      slug: closed.slug,
    });
    expect(ownerView.data?.communityBySlug).toMatchObject({
      memberCount: 1,
      viewerMembership: { role: "OWNER" },
    });
    expect((await stranger.graphql(query, { slug: "no-such-community" })).data).toEqual({
      communityBySlug: null,
    });
  });
});

describe("domain events", () => {
  it("a change that fails part-way leaves neither its events nor its effect", async () => {
    const { communityId, owner, whyId } = await approvalCommunity();
    const ada = await quickSignIn(t, "Ada Guest");
    const asked = await join(ada.browser, communityId, [{ questionId: whyId, values: ["Hi"] }]);
    const requestId = asked.data?.joinCommunity.id as string;
    const ownerId = (await owner.graphql<{ viewer: { id: string } }>("{ viewer { id } }")).data?.viewer
      .id as string;
    const real = createEmit({ clock: () => new Date() });
    let emitted = 0;
    // The second event of the approval (member.joined) fails after the first was written.
    const failing: Emit = async (tx, event) => {
      emitted++;
      if (emitted === 2) throw new Error("log unavailable");
      await real(tx, event);
    };
    const viewer = { id: ownerId, name: "Olive Owner", email: "owner@example.test", image: null };
    await expect(
      approveJoinRequest(
        { db: db(), viewer, clock: () => new Date(), emit: failing, authSecret: t.config.authSecret },
        requestId,
      ),
    ).rejects.toThrow("log unavailable");
    expect(emitted).toBe(2);
    const types = await eventTypes(communityId);
    expect(types).not.toContain("member.approved");
    const [row] = await db().select().from(membership).where(eq(membership.id, requestId));
    expect(row?.status).toBe("pending");
    expect(await memberCount(communityId)).toBe(1);
    await expect(
      approveJoinRequest(
        { db: db(), viewer, clock: () => new Date(), emit: real, authSecret: "x" },
        requestId,
      ),
    ).resolves.toMatchObject({ status: "active" });
  });
});
