// Following a community ("Subscribe" on its page): who may, the mail a follower gets when the
// community publishes a public event, the unfollow link, and the community's calendar feed.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, eventInput } from "#server/modules/events/events-test-support.ts";
import { entriesAbout } from "#server/modules/log/log.service.ts";
import { wallInDays } from "#server/test/event-input.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { parseIcs, parseIcsCalendar } from "#shared/ics.ts";
import { communityWithOwner, person } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const FOLLOW = "mutation ($id: ID!) { followCommunity(communityId: $id) }";
const UNFOLLOW = "mutation ($id: ID!) { unfollowCommunity(communityId: $id) }";
const FOLLOWS = "query ($slug: String!) { communityBySlug(slug: $slug) { followable viewerFollows } }";

async function follows(browser: TestBrowser, slug: string) {
  const result = await browser.graphql<{ communityBySlug: { followable: boolean; viewerFollows: boolean } }>(
    FOLLOWS,
    { slug },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.communityBySlug;
}

const mailsAbout = (email: string, title: string) =>
  t.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes(title));

describe("following a community", () => {
  it("lets a signed-in person follow and unfollow a public community, once each in the log", async () => {
    const club = await communityWithOwner(t);
    const ada = await person(t, "ada");
    expect(await follows(ada.browser, club.slug)).toEqual({ followable: true, viewerFollows: false });
    expect((await ada.browser.graphql(FOLLOW, { id: club.communityId })).data).toEqual({
      followCommunity: true,
    });
    expect((await ada.browser.graphql(FOLLOW, { id: club.communityId })).data).toEqual({
      followCommunity: true,
    });
    expect(await follows(ada.browser, club.slug)).toEqual({ followable: true, viewerFollows: true });
    // Someone else's page state is their own.
    expect(await follows(t.browser(), club.slug)).toEqual({ followable: true, viewerFollows: false });

    expect((await ada.browser.graphql(UNFOLLOW, { id: club.communityId })).data).toEqual({
      unfollowCommunity: false,
    });
    expect(await follows(ada.browser, club.slug)).toEqual({ followable: true, viewerFollows: false });

    const entries = await entriesAbout(t.server.database.db, ada.user.id);
    const actions = entries.filter((e) => e.communityId === club.communityId).map((e) => e.type);
    expect(actions.filter((a) => a === "community.followed")).toHaveLength(1);
    expect(actions.filter((a) => a === "community.unfollowed")).toHaveLength(1);
  });

  it("asks a signed-out visitor to sign in, and offers no following of a private community", async () => {
    const club = await communityWithOwner(t);
    const refused = await t.browser().graphql(FOLLOW, { id: club.communityId });
    expect(refused.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const closed = await communityWithOwner(t, { visibility: "PRIVATE" });
    const ada = await person(t, "ada");
    expect(await follows(ada.browser, closed.slug)).toEqual({ followable: false, viewerFollows: false });
    const forbidden = await ada.browser.graphql(FOLLOW, { id: closed.communityId });
    expect(forbidden.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("mail to followers", () => {
  it("tells each follower once of a new public event, never of a members-only one, with an unfollow link", async () => {
    const club = await communityWithOwner(t);
    const ada = await person(t, "ada");
    const bo = await person(t, "bo");
    await ada.browser.graphql(FOLLOW, { id: club.communityId });
    await bo.browser.graphql(FOLLOW, { id: club.communityId });

    await createEvent(club.owner, club.communityId, { title: "Members' dinner", visibility: "MEMBERS" });
    const draft = await createEvent(club.owner, club.communityId, { title: "Rooftop talk" }, false);
    await t.drain();
    expect(mailsAbout(ada.email, "Members' dinner")).toHaveLength(0);
    expect(mailsAbout(ada.email, "Rooftop talk")).toHaveLength(0);

    const publish = "mutation ($id: ID!) { publishEvent(id: $id) { status } }";
    expect((await club.owner.graphql(publish, { id: draft.id })).errors).toBeUndefined();
    await t.drain();
    const [mail] = mailsAbout(ada.email, "Rooftop talk");
    expect(mail?.subject).toBe(`New event from Community ${club.slug}: Rooftop talk`);
    expect(mail?.text).toContain(`/e/${draft.id}`);
    expect(mail?.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(mailsAbout(bo.email, "Rooftop talk")).toHaveLength(1);

    // Published again (a second click, a retried request): nobody hears of it twice.
    await club.owner.graphql(publish, { id: draft.id });
    await t.drain();
    expect(mailsAbout(ada.email, "Rooftop talk")).toHaveLength(1);

    // The one-click unfollow (a mail provider's POST, no cookie) ends the mail for Ada alone.
    const link = mail?.text.match(/\/unfollow\/[A-Za-z0-9_.%-]+/)?.[0] ?? "";
    expect(link).not.toBe("");
    const oneClick = await fetch(new URL(link, t.url), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(await follows(ada.browser, club.slug)).toEqual({ followable: true, viewerFollows: false });
    await createEvent(club.owner, club.communityId, { title: "Picnic" });
    await t.drain();
    expect(mailsAbout(ada.email, "Picnic")).toHaveLength(0);
    expect(mailsAbout(bo.email, "Picnic")).toHaveLength(1);
  });

  it("refuses a made-up unfollow link", async () => {
    const response = await fetch(new URL("/unfollow/eyJ4Ijp9.bm90LXNpZ25lZA", t.url), { method: "POST" });
    expect(response.status).toBe(404);
  });
});

describe("the calendar feed", () => {
  const feedOf = async (slug: string, headers: Record<string, string> = {}) =>
    fetch(new URL(`/c/${slug}/calendar.ics`, t.url), { headers });

  it("lists public events, follows a reschedule with a higher SEQUENCE, and marks a cancelation", async () => {
    const club = await communityWithOwner(t);
    const talk = await createEvent(club.owner, club.communityId, { title: "Night talk" });
    // SEQUENCE counts the seconds of the last save, as the event's own .ics does (one UID, one
    // numbering): the talk was last saved a minute ago, so its reschedule below is a later save.
    await t.server.database.db.execute(
      sql`update event set updated_at = updated_at - interval '1 minute' where id = ${talk.id}`,
    );
    await createEvent(club.owner, club.communityId, { title: "Members' dinner", visibility: "MEMBERS" });
    await createEvent(club.owner, club.communityId, { title: "Draft idea" }, false);

    const first = await feedOf(club.slug);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/calendar/);
    const firstText = await first.text();
    expect(parseIcsCalendar(firstText)["X-WR-CALNAME"]).toBe(`Community ${club.slug}`);
    const [before, ...others] = parseIcs(firstText);
    expect(others).toEqual([]);
    expect(before?.SUMMARY).toBe("Night talk");
    expect(before?.UID).toContain(talk.id);

    // Unchanged, the calendar app's conditional request costs nothing.
    const etag = first.headers.get("etag") ?? "";
    expect((await feedOf(club.slug, { "if-none-match": etag })).status).toBe(304);

    const moved = await club.owner.graphql(
      "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { startsAt } }",
      {
        id: talk.id,
        input: eventInput({
          title: "Night talk",
          startsAtLocal: wallInDays(20),
          endsAtLocal: wallInDays(20, "21:00"),
        }),
      },
    );
    expect(moved.errors).toBeUndefined();
    const after = await feedOf(club.slug, { "if-none-match": etag });
    expect(after.status).toBe(200);
    const [rescheduled] = parseIcs(await after.text());
    expect(rescheduled?.UID).toBe(before?.UID);
    expect(rescheduled?.DTSTART).not.toBe(before?.DTSTART);
    expect(Number(rescheduled?.SEQUENCE)).toBeGreaterThan(Number(before?.SEQUENCE));

    await club.owner.graphql("mutation ($id: ID!) { cancelEvent(id: $id) { status } }", { id: talk.id });
    const [canceled] = parseIcs(await (await feedOf(club.slug)).text());
    expect(canceled?.STATUS).toBe("CANCELLED");
  });

  it("shows a private community's name and nothing else, and answers 404 for an unknown one", async () => {
    const closed = await communityWithOwner(t, { visibility: "PRIVATE" });
    await createEvent(closed.owner, closed.communityId, { title: "Secret gathering" });
    const response = await feedOf(closed.slug);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(parseIcs(text)).toEqual([]);
    expect(text).not.toContain("Secret gathering");
    expect(parseIcsCalendar(text).DESCRIPTION).toBeUndefined();
    expect((await feedOf("no-such-community-here")).status).toBe(404);
  });
});

describe("the member faces on the page", () => {
  const FACES = "query ($slug: String!) { communityBySlug(slug: $slug) { memberFaces { name } } }";
  const facesFor = async (browser: TestBrowser, slug: string) => {
    const result = await browser.graphql<{ communityBySlug: { memberFaces: { name: string }[] } }>(FACES, {
      slug,
    });
    expect(result.errors).toBeUndefined();
    return result.data?.communityBySlug.memberFaces.map((f) => f.name) ?? [];
  };

  it("shows active members' names only to those the member directory is shown to", async () => {
    const club = await communityWithOwner(t);
    const ada = await person(t, "ada", "Ada Active");
    await ada.browser.graphql("mutation ($id: ID!) { joinCommunity(communityId: $id) { id } }", {
      id: club.communityId,
    });
    // Without the directory, members see the count alone, and so does everyone else.
    expect(await facesFor(ada.browser, club.slug)).toEqual([]);
    expect(await facesFor(t.browser(), club.slug)).toEqual([]);

    const shown = await club.owner.graphql(
      "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
      { id: club.communityId, input: { memberDirectory: true } },
    );
    expect(shown.errors).toBeUndefined();
    expect(await facesFor(ada.browser, club.slug)).toEqual(["Ada Active", "Olive Owner"]);
    // A visitor, signed in or not, who is not a member sees no names.
    expect(await facesFor(t.browser(), club.slug)).toEqual([]);
    const bo = await person(t, "bo", "Bo Outsider");
    expect(await facesFor(bo.browser, club.slug)).toEqual([]);
  });
});
