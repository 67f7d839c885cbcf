// An announcement to "every member the table shows" while a search is typed: the audience carries
// the search, and the mails reach exactly the rows the member table matched.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import type { TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import { mailsWith, recipientsOf, seedMember, sendAnnouncement } from "./announcements-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ overrides: { jobs: { pageSize: 2 } } });
});
afterAll(() => t.close());

const filter = { tags: ["vip"] };

describe("sendAnnouncement to a filter with a search", () => {
  it("mails exactly the active, subscribed members the table shows for that filter and search", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const elsewhere = await communityWithOwner(t);
    const byName = await seedMember(t, communityId, { name: "Ada Lovelace", tags: ["vip"] });
    const anyCase = await seedMember(t, communityId, { name: "Grace ADAMS", tags: ["vip", "speaker"] });
    const byEmail = await seedMember(t, communityId, { name: "Bo Guest", label: "bo.ada", tags: ["vip"] });
    const notFound = await seedMember(t, communityId, { name: "Cy Guest", tags: ["vip"] });
    const notTagged = await seedMember(t, communityId, { name: "Ada Untagged" });
    const banned = await seedMember(t, communityId, { name: "Ada Banned", tags: ["vip"], status: "banned" });
    const optedOut = await seedMember(t, communityId, {
      name: "Ada Quiet",
      tags: ["vip"],
      emailAnnouncements: false,
    });
    const stranger = await seedMember(t, elsewhere.communityId, { name: "Ada Elsewhere", tags: ["vip"] });

    // What the member table shows for the same filter and search, active members only.
    const table = await owner.graphql<{ members: { nodes: { person: { email: string } }[] } }>(
      `query ($id: ID!, $filter: MemberFilter, $search: String) {
        members(communityId: $id, first: 50, filter: $filter, search: $search) { nodes { person { email } } }
      }`,
      { id: communityId, filter: { ...filter, statuses: ["ACTIVE"] }, search: "ada" },
    );
    expect(table.errors).toBeUndefined();
    const shown = (table.data?.members.nodes ?? []).map((n) => n.person.email);
    expect(shown.sort()).toEqual([byName, anyCase, byEmail, optedOut].map((m) => m.email).sort());

    const audience = { filter, search: " ada " };
    const counted = await owner.graphql<{ announcementAudienceCount: number }>(
      "query ($id: ID!, $audience: AnnouncementAudienceInput!) { announcementAudienceCount(communityId: $id, audience: $audience) }",
      { id: communityId, audience },
    );
    expect(counted.data?.announcementAudienceCount).toBe(3);

    const subject = `Search ${randomUUID().slice(0, 6)}`;
    const sent = await sendAnnouncement(owner, communityId, { subject, body: "Hi.", audience });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendAnnouncement).toMatchObject({
      audienceKind: "FILTER",
      audienceLabel: "Members matching “ada” and the filters",
      recipientCount: 3,
    });
    const mails = await mailsWith(t, subject);
    expect(recipientsOf(mails)).toEqual(shown.filter((email) => email !== optedOut.email).sort());
    for (const nobody of [notFound, notTagged, banned, optedOut, stranger])
      expect(mails.some((m) => m.to.includes(nobody.email))).toBe(false);

    const history = await owner.graphql<{ announcements: { subject: string; audienceLabel: string }[] }>(
      "query ($id: ID!) { announcements(communityId: $id) { subject audienceLabel } }",
      { id: communityId },
    );
    expect(history.data?.announcements).toEqual([
      { subject, audienceLabel: "Members matching “ada” and the filters" },
    ]);
  });

  it("takes the user's wildcards literally, as the table's search does, and a search alone means every member", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const literal = await seedMember(t, communityId, { name: "Ada 100% Guest" });
    const other = await seedMember(t, communityId, { name: "Ada 1000 Guest" });
    const subject = `Literal ${randomUUID().slice(0, 6)}`;
    const sent = await sendAnnouncement(owner, communityId, {
      subject,
      body: "Hi.",
      audience: { search: "0%" },
    });
    expect(sent.data?.sendAnnouncement).toMatchObject({
      audienceLabel: "Members matching “0%”",
      recipientCount: 1,
    });
    const mails = await mailsWith(t, subject);
    expect(recipientsOf(mails)).toEqual([literal.email]);
    expect(mails.some((m) => m.to.includes(other.email))).toBe(false);
  });

  it("refuses a search beside another audience, and a search longer than the table's", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const both = await sendAnnouncement(owner, communityId, {
      subject: "Both",
      body: "x",
      audience: { all: true, search: "ada" },
    });
    expect(both.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(both.errors?.[0]?.extensions?.fields?.map((f) => f.field)).toEqual(["audience"]);
    const long = await sendAnnouncement(owner, communityId, {
      subject: "Long",
      body: "x",
      audience: { filter, search: "a".repeat(201) },
    });
    expect(long.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "search", code: "TOO_LONG" }),
    ]);
  });
});
