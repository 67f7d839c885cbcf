import { randomBytes, randomUUID } from "node:crypto";
import { membership, user } from "#server/db/schema.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import type { CapturedMail } from "#server/test/smtp-capture.ts";

type Status = "active" | "pending" | "banned";

/** A person with a membership written straight to the database (the clock then moves past the read cache). */
export async function seedMember(
  t: TestServer,
  communityId: string,
  options: {
    status?: Status;
    tags?: string[];
    emailAnnouncements?: boolean;
    label?: string;
    name?: string;
  } = {},
) {
  const userId = randomUUID();
  const email = `${options.label ?? "member"}-${randomBytes(5).toString("hex")}@example.test`;
  await t.server.database.db
    .insert(user)
    .values({ id: userId, name: options.name ?? "Ada Guest", email, emailVerified: true });
  const membershipId = randomUUID();
  await t.server.database.db.insert(membership).values({
    id: membershipId,
    communityId,
    userId,
    role: "member",
    status: options.status ?? "active",
    source: "imported",
    tags: options.tags ?? [],
    emailAnnouncements: options.emailAnnouncements ?? true,
  });
  t.clock.advance(1000);
  return { email, membershipId, userId };
}

const SEND = `mutation ($id: ID!, $input: SendAnnouncementInput!) {
  sendAnnouncement(communityId: $id, input: $input) { id subject audienceKind audienceLabel recipientCount }
}`;

export type Sent = {
  sendAnnouncement: {
    id: string;
    subject: string;
    audienceKind: string;
    audienceLabel: string;
    recipientCount: number;
  };
};

export const sendAnnouncement = (browser: TestBrowser, communityId: string, input: Record<string, unknown>) =>
  browser.graphql<Sent>(SEND, { id: communityId, input });

/** Mails with this subject, after the outbox has sent everything due. */
export async function mailsWith(t: TestServer, subject: string): Promise<CapturedMail[]> {
  await t.drain();
  return t.smtp.mails.filter((m) => m.subject === subject);
}

export const recipientsOf = (mails: CapturedMail[]) => mails.flatMap((m) => m.to).sort();
