// Announcements: who receives one (all, a segment, selected rows), exactly once each through the
// outbox and the in-process SMTP server, with RFC 8058 one-click unsubscribe.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcement, domainEvent, membership } from "#server/db/schema.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import { htmlOf } from "#server/modules/notifications/notifications-test-support.ts";
import type { TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import type { CapturedMail } from "#server/test/smtp-capture.ts";
import {
  mailsWith as mailsWithOf,
  recipientsOf,
  seedMember as seedMemberOf,
  sendAnnouncement as send,
} from "./announcements-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  // Pages of two recipients: an announcement to a handful of people is expanded over several pages.
  t = await startTestServer({ overrides: { jobs: { pageSize: 2 } } });
});
afterAll(() => t.close());

const seedMember = (communityId: string, options: Parameters<typeof seedMemberOf>[2] = {}) =>
  seedMemberOf(t, communityId, options);
const mailsWith = (subject: string) => mailsWithOf(t, subject);

/** A header of the raw message, unfolded. */
function headerOf(mail: CapturedMail, name: string): string | null {
  const head = mail.raw.replace(/\r\n/g, "\n").split("\n\n")[0] ?? "";
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name.toLowerCase())
      return line.slice(colon + 1).trim();
  }
  return null;
}

const unsubscribeUrlOf = (mail: CapturedMail) => {
  const value = headerOf(mail, "List-Unsubscribe");
  const url = value?.match(/^<([^>]+)>$/)?.[1];
  if (!url) throw new Error(`no List-Unsubscribe URL in ${value}`);
  return url;
};

describe("sendAnnouncement", () => {
  it("mails every active member once, not banned, pending or opted-out people, with one-click unsubscribe headers", async () => {
    const { owner, ownerUser, communityId } = await communityWithOwner(t);
    const a = await seedMember(communityId);
    const b = await seedMember(communityId);
    const c = await seedMember(communityId);
    const banned = await seedMember(communityId, { status: "banned", label: "banned" });
    const pending = await seedMember(communityId, { status: "pending", label: "pending" });
    const optedOut = await seedMember(communityId, { emailAnnouncements: false, label: "optedout" });
    const subject = `Spring meetup ${randomUUID().slice(0, 6)}`;

    const sent = await send(owner, communityId, {
      subject,
      body: "Hello **everyone**.\n\n<script>alert(1)</script>\n\n[site](javascript:alert(1)) [ok](https://example.test/a)",
      audience: { all: true },
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendAnnouncement).toMatchObject({
      subject,
      audienceKind: "ALL",
      audienceLabel: "All members",
      recipientCount: 4,
    });

    const mails = await mailsWith(subject);
    expect(recipientsOf(mails)).toEqual(
      [ownerUser.email, a.email, b.email, c.email].map((e) => e.toLowerCase()).sort(),
    );
    for (const nobody of [banned, pending, optedOut])
      expect(t.smtp.mails.some((m) => m.to.includes(nobody.email))).toBe(false);

    const mail = mails.find((m) => m.to.includes(a.email)) as CapturedMail;
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrlOf(mail)).toMatch(new RegExp(`^${t.url}/unsubscribe/[A-Za-z0-9_.%-]+$`));
    expect(mail.text).toContain("Hello **everyone**.");
    expect(mail.text).toContain(unsubscribeUrlOf(mail));
    const html = htmlOf(mail);
    expect(html).toContain("<strong>everyone</strong>");
    expect(html).not.toContain("<script>");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("site");
    expect(html).toContain('href="https://example.test/a"');

    // Draining again sends nothing more: one mail each.
    await t.drain();
    expect(t.smtp.mails.filter((m) => m.subject === subject)).toHaveLength(4);
  });

  it("mails a segment's members only", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const tagged = await seedMember(communityId, { tags: ["volunteers"] });
    const taggedBanned = await seedMember(communityId, { tags: ["volunteers"], status: "banned" });
    const other = await seedMember(communityId, { tags: ["speakers"] });
    const segment = await owner.graphql<{ saveMemberSegment: { id: string } }>(
      'mutation ($id: ID!) { saveMemberSegment(communityId: $id, name: "Volunteers", filter: { tags: ["volunteers"] }) { id } }',
      { id: communityId },
    );
    const segmentId = segment.data?.saveMemberSegment.id;
    const subject = `Volunteer call ${randomUUID().slice(0, 6)}`;

    const sent = await send(owner, communityId, { subject, body: "Thanks!", audience: { segmentId } });
    expect(sent.data?.sendAnnouncement).toMatchObject({
      audienceKind: "SEGMENT",
      audienceLabel: "Segment “Volunteers”",
      recipientCount: 1,
    });
    expect(recipientsOf(await mailsWith(subject))).toEqual([tagged.email]);
    expect(t.smtp.mails.some((m) => m.subject === subject && m.to.includes(taggedBanned.email))).toBe(false);
    expect(t.smtp.mails.some((m) => m.subject === subject && m.to.includes(other.email))).toBe(false);
  });

  it("mails the selected rows only, never a banned one or another community's member", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const elsewhere = await communityWithOwner(t);
    const picked = await seedMember(communityId);
    const notPicked = await seedMember(communityId);
    const bannedPicked = await seedMember(communityId, { status: "banned" });
    const stranger = await seedMember(elsewhere.communityId);
    const subject = `Just you ${randomUUID().slice(0, 6)}`;

    const sent = await send(owner, communityId, {
      subject,
      body: "Hi.",
      audience: { membershipIds: [picked.membershipId, bannedPicked.membershipId, stranger.membershipId] },
    });
    expect(sent.data?.sendAnnouncement).toMatchObject({ audienceKind: "SELECTED", recipientCount: 1 });
    expect(recipientsOf(await mailsWith(subject))).toEqual([picked.email]);
    expect(t.smtp.mails.some((m) => m.subject === subject && m.to.includes(notPicked.email))).toBe(false);
  });

  it("one-click unsubscribe turns announcements off without signing in, and the next one skips them", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const leaving = await seedMember(communityId);
    const staying = await seedMember(communityId);
    const first = `First ${randomUUID().slice(0, 6)}`;
    await send(owner, communityId, { subject: first, body: "One.", audience: { all: true } });
    const mail = (await mailsWith(first)).find((m) => m.to.includes(leaving.email)) as CapturedMail;
    const url = unsubscribeUrlOf(mail);

    // As a mail provider sends it: a bare POST from elsewhere, no cookies, no Origin.
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscribed: false });
    const [row] = await t.server.database.db
      .select({ on: membership.emailAnnouncements })
      .from(membership)
      .where(eq(membership.id, leaving.membershipId));
    expect(row?.on).toBe(false);

    const second = `Second ${randomUUID().slice(0, 6)}`;
    const sent = await send(owner, communityId, { subject: second, body: "Two.", audience: { all: true } });
    expect(sent.data?.sendAnnouncement.recipientCount).toBe(2);
    const secondMails = await mailsWith(second);
    expect(secondMails.some((m) => m.to.includes(leaving.email))).toBe(false);
    expect(secondMails.some((m) => m.to.includes(staying.email))).toBe(true);

    // The page the link opens reads the state and can subscribe again.
    const token = decodeURIComponent(url.split("/unsubscribe/")[1] ?? "");
    const visitor = t.browser();
    const state = await visitor.graphql<{ announcementSubscription: { subscribed: boolean } }>(
      "query ($token: String!) { announcementSubscription(token: $token) { communityName subscribed } }",
      { token },
    );
    expect(state.data?.announcementSubscription.subscribed).toBe(false);
    const again = await visitor.graphql<{ setAnnouncementSubscription: { subscribed: boolean } }>(
      "mutation ($token: String!) { setAnnouncementSubscription(token: $token, subscribed: true) { subscribed } }",
      { token },
    );
    expect(again.data?.setAnnouncementSubscription.subscribed).toBe(true);
  });

  it("refuses an unsubscribe link that was not signed by the server", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const member = await seedMember(communityId);
    const subject = `Tamper ${randomUUID().slice(0, 6)}`;
    await send(owner, communityId, { subject, body: "Hi.", audience: { all: true } });
    const mail = (await mailsWith(subject)).find((m) => m.to.includes(member.email)) as CapturedMail;
    const url = unsubscribeUrlOf(mail);
    const forged = `${url.slice(0, -4)}AAAA`;
    const response = await fetch(forged, { method: "POST" });
    expect(response.status).toBe(404);
    const [row] = await t.server.database.db
      .select({ on: membership.emailAnnouncements })
      .from(membership)
      .where(eq(membership.id, member.membershipId));
    expect(row?.on).toBe(true);
  });

  it("is refused to organizers and to another community's admin; bad input sends nothing and logs nothing", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const other = await communityWithOwner(t);
    const outsider = await send(other.owner, communityId, {
      subject: "Hijack",
      body: "x",
      audience: { all: true },
    });
    expect(outsider.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const bad = await send(owner, communityId, { subject: " ", body: "", audience: {} });
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const fields = (bad.errors?.[0]?.extensions?.fields ?? []).map((f) => f.field).sort();
    expect(fields).toEqual(["audience", "body", "subject"]);
    const stored = await t.server.database.db
      .select({ id: announcement.id })
      .from(announcement)
      .where(eq(announcement.communityId, communityId));
    expect(stored).toHaveLength(0);
    const logged = await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvent)
      .where(and(eq(domainEvent.communityId, communityId), eq(domainEvent.type, "announcement.sent")));
    expect(logged[0]?.n).toBe(0);
  });

  it("lists the sent history newest first with recipient counts, and emits announcement.sent with it", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    await seedMember(communityId);
    await send(owner, communityId, { subject: "Older", body: "1", audience: { all: true } });
    t.clock.advance(60_000);
    await send(owner, communityId, { subject: "Newer", body: "2", audience: { all: true } });
    const history = await owner.graphql<{
      announcements: { subject: string; recipientCount: number; sentByName: string }[];
    }>("query ($id: ID!) { announcements(communityId: $id) { subject recipientCount sentByName } }", {
      id: communityId,
    });
    expect(history.data?.announcements).toEqual([
      { subject: "Newer", recipientCount: 2, sentByName: "Olive Owner" },
      { subject: "Older", recipientCount: 2, sentByName: "Olive Owner" },
    ]);
    const logged = await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvent)
      .where(and(eq(domainEvent.communityId, communityId), eq(domainEvent.type, "announcement.sent")));
    expect(logged[0]?.n).toBe(2);
  });
});

describe("setMyAnnouncementEmails", () => {
  it("lets a member turn a community's announcements off on /me", async () => {
    const { owner, ownerUser, communityId } = await communityWithOwner(t);
    const member = await seedMember(communityId);
    const off = await owner.graphql<{ setMyAnnouncementEmails: { subscribed: boolean } }>(
      "mutation ($id: ID!) { setMyAnnouncementEmails(communityId: $id, subscribed: false) { subscribed } }",
      { id: communityId },
    );
    expect(off.data?.setMyAnnouncementEmails.subscribed).toBe(false);
    const mine = await owner.graphql<{ myCommunities: { id: string; viewerAnnouncementEmails: boolean }[] }>(
      "{ myCommunities { id viewerAnnouncementEmails } }",
    );
    expect(mine.data?.myCommunities.find((c) => c.id === communityId)?.viewerAnnouncementEmails).toBe(false);
    const subject = `Mine ${randomUUID().slice(0, 6)}`;
    await send(owner, communityId, { subject, body: "x", audience: { all: true } });
    expect(recipientsOf(await mailsWith(subject))).toEqual([member.email]);
    expect(
      t.smtp.mails.some((m) => m.subject === subject && m.to.includes(ownerUser.email.toLowerCase())),
    ).toBe(false);
  });
});
