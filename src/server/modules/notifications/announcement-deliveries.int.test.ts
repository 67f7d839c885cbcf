// The announcement history's delivered and failed figures, read from what the outbox recorded for
// each mail, through the in-process SMTP server (which refuses one mailbox for good).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultJobsConfig } from "#server/jobs/jobs.runtime.ts";
import {
  mailsWith,
  recipientsOf,
  seedMember,
  sendAnnouncement,
} from "#server/modules/members/announcements-test-support.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import { type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";

let t: TestServer;
let smtp: SmtpCapture;
const statements: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture(undefined, { refuse: (address) => address.startsWith("refused-") });
  t = await startTestServer({ smtp, logger: { logQuery: (query) => statements.push(query) } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type History = {
  announcements: { subject: string; recipientCount: number; deliveredCount: number; failedCount: number }[];
};

const history = async (owner: TestBrowser, communityId: string) => {
  const result = await owner.graphql<History>(
    "query ($id: ID!) { announcements(communityId: $id) { subject recipientCount deliveredCount failedCount } }",
    { id: communityId },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.announcements ?? [];
};

const HOUR = 60 * 60_000;

describe("the announcement history's delivery figures", () => {
  it("shows every mail the mail server accepted as delivered", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const members = [
      await seedMember(t, communityId),
      await seedMember(t, communityId),
      await seedMember(t, communityId),
    ];
    const subject = `Delivered ${randomUUID().slice(0, 6)}`;
    const sent = await sendAnnouncement(owner, communityId, {
      subject,
      body: "Hello.",
      audience: { membershipIds: members.map((m) => m.membershipId) },
    });
    expect(sent.errors).toBeUndefined();
    expect(await history(owner, communityId)).toEqual([
      { subject, recipientCount: 3, deliveredCount: 0, failedCount: 0 },
    ]);

    expect(recipientsOf(await mailsWith(t, subject))).toEqual(members.map((m) => m.email).sort());
    expect(await history(owner, communityId)).toEqual([
      { subject, recipientCount: 3, deliveredCount: 3, failedCount: 0 },
    ]);
  });

  it("counts a refused address as failed once the outbox's retries have run out, and only then", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const fine = [await seedMember(t, communityId), await seedMember(t, communityId)];
    const refused = await seedMember(t, communityId, { label: "refused" });
    const subject = `Refused ${randomUUID().slice(0, 6)}`;
    await sendAnnouncement(owner, communityId, {
      subject,
      body: "Hello.",
      audience: { membershipIds: [...fine, refused].map((m) => m.membershipId) },
    });
    expect(recipientsOf(await mailsWith(t, subject))).toEqual(fine.map((m) => m.email).sort());
    // The first attempt failed; the outbox will try again, so the mail has not failed for good.
    expect(await history(owner, communityId)).toEqual([
      { subject, recipientCount: 3, deliveredCount: 2, failedCount: 0 },
    ]);

    const retry = async () => {
      t.clock.advance(HOUR);
      await t.drain();
    };
    for (let attempt = 2; attempt < defaultJobsConfig.maxAttempts; attempt++) await retry();
    expect((await history(owner, communityId))[0]).toMatchObject({ deliveredCount: 2, failedCount: 0 });
    await retry();
    expect(await history(owner, communityId)).toEqual([
      { subject, recipientCount: 3, deliveredCount: 2, failedCount: 1 },
    ]);
    expect(smtp.mails.some((m) => m.to.includes(refused.email))).toBe(false);
  });

  it("counts a page of the history in one statement, however many announcements it lists", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const member = await seedMember(t, communityId);
    const subjects = [1, 2, 3].map((n) => `Page ${n} ${randomUUID().slice(0, 6)}`);
    for (const subject of subjects) {
      await sendAnnouncement(owner, communityId, {
        subject,
        body: "Hello.",
        audience: { membershipIds: [member.membershipId] },
      });
      await mailsWith(t, subject);
      t.clock.advance(1000);
    }
    const before = statements.length;
    const page = await history(owner, communityId);
    const counting = statements.slice(before).filter((q) => q.includes("->>'announcementId'"));
    expect(page.map((a) => a.deliveredCount)).toEqual([1, 1, 1]);
    expect(counting).toHaveLength(1);
  });
});
