// What /c/{slug} reads: the public events, the count of past ones and the viewer's membership,
// for each kind of visitor (signed out, member, non-member of a private community, banned).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "#server/modules/events/events-test-support.ts";
import { wallInDays } from "#server/test/event-input.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { communityWithOwner, join, person } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PAGE = `query ($slug: String!) {
  communityBySlug(slug: $slug) {
    name memberCount pastEventCount
    upcomingEvents { id title startsAt venueName isOnline }
    viewerMembership { role status }
  }
}`;

type Page = {
  name: string;
  memberCount: number | null;
  pastEventCount: number | null;
  upcomingEvents: { id: string; title: string; startsAt: string; venueName: string | null }[] | null;
  viewerMembership: { role: string; status: string } | null;
};

async function pageOf(browser: TestBrowser, slug: string) {
  const result = await browser.graphql<{ communityBySlug: Page | null }>(PAGE, { slug });
  expect(result.errors).toBeUndefined();
  return result.data?.communityBySlug ?? null;
}

/** A soon event that the test later moves into the past, a later one, and ones the page hides. */
async function withEvents(owner: TestBrowser, communityId: string) {
  const soon = await createEvent(owner, communityId, { title: "Soon meetup" });
  const later = await createEvent(owner, communityId, {
    title: "Later meetup",
    startsAtLocal: wallInDays(200),
    endsAtLocal: wallInDays(200, "21:00"),
  });
  await createEvent(owner, communityId, { title: "Members' dinner", visibility: "MEMBERS" });
  await createEvent(owner, communityId, { title: "Secret link", visibility: "UNLISTED" });
  await createEvent(owner, communityId, { title: "Draft idea" }, false);
  return { soon, later };
}

describe("communityBySlug on the community page", () => {
  it("shows a member their role and status, and a pending request as pending", async () => {
    const open = await communityWithOwner(t);
    const ada = await person(t, "ada");
    await join(ada.browser, open.communityId);
    expect((await pageOf(ada.browser, open.slug))?.viewerMembership).toEqual({
      role: "MEMBER",
      status: "ACTIVE",
    });
    expect((await pageOf(open.owner, open.slug))?.viewerMembership).toEqual({
      role: "OWNER",
      status: "ACTIVE",
    });

    const approval = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    await join(ada.browser, approval.communityId);
    expect((await pageOf(ada.browser, approval.slug))?.viewerMembership).toEqual({
      role: "MEMBER",
      status: "PENDING",
    });
  });

  it("keeps a private community's events and counts from non-members and people who only asked", async () => {
    const closed = await communityWithOwner(t, { visibility: "PRIVATE", joinPolicy: "APPROVAL" });
    await withEvents(closed.owner, closed.communityId);
    const hidden = { memberCount: null, pastEventCount: null, upcomingEvents: null };
    expect(await pageOf(t.browser(), closed.slug)).toMatchObject({ ...hidden, viewerMembership: null });
    const ada = await person(t, "ada");
    expect(await pageOf(ada.browser, closed.slug)).toMatchObject(hidden);
    await join(ada.browser, closed.communityId);
    expect(await pageOf(ada.browser, closed.slug)).toMatchObject({
      ...hidden,
      viewerMembership: { status: "PENDING" },
    });
    const owner = await pageOf(closed.owner, closed.slug);
    expect(owner?.memberCount).toBe(1);
    expect(owner?.pastEventCount).toBe(0);
    expect(owner?.upcomingEvents?.map((e) => e.title)).toEqual(["Soon meetup", "Later meetup"]);
  });

  it("tells a banned person they are banned, and shows a private community's events to them no more", async () => {
    for (const visibility of ["PUBLIC", "PRIVATE"] as const) {
      const setup = await communityWithOwner(t, { visibility });
      await withEvents(setup.owner, setup.communityId);
      const ada = await person(t, "ada");
      const joined = await join(ada.browser, setup.communityId);
      const membershipId = joined.data?.joinCommunity.id as string;
      expect(membershipId, JSON.stringify(joined.errors)).toBeTruthy();
      const ban = await setup.owner.graphql("mutation ($id: ID!) { banMember(membershipId: $id) { id } }", {
        id: membershipId,
      });
      expect(ban.errors).toBeUndefined();
      const page = await pageOf(ada.browser, setup.slug);
      expect(page?.viewerMembership).toEqual({ role: "MEMBER", status: "BANNED" });
      if (visibility === "PRIVATE") {
        expect(page).toMatchObject({ memberCount: null, pastEventCount: null, upcomingEvents: null });
      } else {
        expect(page?.upcomingEvents?.length).toBe(2);
      }
    }
  });

  // Last: it moves the server's clock for the rest of the file.
  it("lists only published public events, soonest first, and counts those that ended", async () => {
    const open = await communityWithOwner(t);
    const { soon, later } = await withEvents(open.owner, open.communityId);
    const visitor = await pageOf(t.browser(), open.slug);
    expect(visitor?.upcomingEvents?.map((e) => e.title)).toEqual(["Soon meetup", "Later meetup"]);
    expect(visitor?.pastEventCount).toBe(0);
    expect(visitor?.viewerMembership).toBeNull();

    t.clock.advance(30 * 86_400_000);
    const afterwards = await pageOf(t.browser(), open.slug);
    expect(afterwards?.upcomingEvents?.map((e) => e.id)).toEqual([later.id]);
    expect(afterwards?.pastEventCount).toBe(1);
    expect(soon.id).not.toBe(later.id);
  });
});
