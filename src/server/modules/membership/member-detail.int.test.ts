// The member drawer's read: one member with the answers they gave, for organizers and above only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, quickSignIn, registerFor } from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { communityWithOwner, join, person, setRole } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const MEMBER = `query ($id: ID!) { member(id: $id) {
  id role status source tags eventsRegistered eventsAttended checkIns
  person { name email } joinAnswers { question values } } }`;

describe("member(id)", () => {
  it("shows an admin the member, their address and the answers given with their request", async () => {
    const { owner, communityId } = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    const saved = await owner.graphql<{ updateCommunity: { joinQuestions: { id: string }[] } }>(
      "mutation ($id: ID!, $q: [QuestionInput!]) { updateCommunity(id: $id, input: { joinQuestions: $q }) { joinQuestions { id } } }",
      { id: communityId, q: [{ kind: "SHORT_TEXT", label: "Why do you want to join?", required: true }] },
    );
    const whyId = saved.data?.updateCommunity.joinQuestions[0]?.id as string;
    const ada = await person(t, "ada");
    const asked = await join(ada.browser, communityId, [{ questionId: whyId, values: ["To meet people"] }]);
    const id = asked.data?.joinCommunity.id as string;
    await owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }", { id });

    const result = await owner.graphql<{ member: unknown }>(MEMBER, { id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.member).toEqual({
      id,
      role: "MEMBER",
      status: "ACTIVE",
      source: "JOINED",
      tags: [],
      eventsRegistered: 0,
      eventsAttended: 0,
      checkIns: 0,
      person: { name: "Ada Guest", email: ada.email },
      joinAnswers: [{ question: "Why do you want to join?", values: ["To meet people"] }],
    });
  });

  it("refuses members with FORBIDDEN and strangers or unknown ids with NOT_FOUND", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const ada = await quickSignIn(t, "Ada Guest");
    const joined = await join(ada.browser, communityId);
    const id = joined.data?.joinCommunity.id as string;
    const bo = await quickSignIn(t, "Bo Guest");
    const boId = (await join(bo.browser, communityId)).data?.joinCommunity.id as string;

    const asMember = await bo.browser.graphql(MEMBER, { id });
    expect(asMember.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const stranger = await quickSignIn(t, "Cy Guest");
    expect((await stranger.browser.graphql(MEMBER, { id })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await owner.graphql(MEMBER, { id: "no-such-id" })).errors?.[0]?.extensions?.code).toBe(
      "NOT_FOUND",
    );

    await setRole(owner, boId, "ORGANIZER");
    const asOrganizer = await bo.browser.graphql<{ member: { person: { name: string } } }>(MEMBER, { id });
    expect(asOrganizer.data?.member.person.name).toBe("Ada Guest");
  });

  it("reads the member's timeline from the log: newest first, this community only, with who acted", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const other = await communityWithOwner(t);
    const ada = await person(t, "ada");
    const id = (await join(ada.browser, communityId)).data?.joinCommunity.id as string;
    await join(ada.browser, other.communityId);
    await setRole(owner, id, "ORGANIZER");
    await owner.graphql(
      'mutation ($c: ID!, $m: [ID!]) { tagMembers(communityId: $c, membershipIds: $m, add: ["choir"]) { changed } }',
      { c: communityId, m: [id] },
    );

    const result = await owner.graphql<{
      member: { timeline: { type: string; summary: string; actorName: string | null }[] };
    }>("query ($id: ID!) { member(id: $id) { timeline(first: 10) { type summary actorName } } }", { id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.member.timeline).toEqual([
      { type: "member.tagged", summary: "Tagged choir", actorName: "Olive Owner" },
      {
        type: "member.role_changed",
        summary: "Role changed from member to organizer",
        actorName: "Olive Owner",
      },
      { type: "member.joined", summary: "Became a member (member)", actorName: null },
    ]);
  });

  it("names the event on each registration line of the timeline", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const ada = await person(t, "ada");
    const id = (await join(ada.browser, communityId)).data?.joinCommunity.id as string;
    const haiku = await createEvent(owner, communityId, { title: "Haiku evening" });
    const walk = await createEvent(owner, communityId, { title: "Tea walk" });
    const first = await registerFor(ada.browser, haiku.id);
    const registrationId = first.data?.register.id as string;
    const walkRegistrationId = (await registerFor(ada.browser, walk.id)).data?.register.id as string;
    await owner.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", {
      id: registrationId,
    });
    const canceled = await ada.browser.graphql("mutation ($id: ID!) { cancelRegistration(id: $id) { id } }", {
      id: walkRegistrationId,
    });
    expect(canceled.errors).toBeUndefined();

    const result = await owner.graphql<{ member: { timeline: { type: string; summary: string }[] } }>(
      "query ($id: ID!) { member(id: $id) { timeline(first: 10) { type summary } } }",
      { id },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.member.timeline).toEqual([
      {
        type: "registration.status_changed",
        summary: "Registration for “Tea walk” changed from going to canceled",
      },
      { type: "registration.checked_in", summary: "Checked in at “Haiku evening”" },
      { type: "registration.created", summary: "Registered for “Tea walk”" },
      { type: "registration.created", summary: "Registered for “Haiku evening”" },
      { type: "member.joined", summary: "Became a member (member)" },
    ]);
  });
});
