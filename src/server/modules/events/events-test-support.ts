import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { community, membership, session, user } from "#server/db/schema.ts";
import { sampleEventInput } from "#server/test/event-input.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { uniqueEmail } from "#server/test/harness.ts";

/**
 * A signed-in browser without the mail round trip: a user and a session written directly, and
 * the session cookie signed the way better-auth signs it. For tests that need many people; a few
 * tests still sign in through real mail.
 */
export async function quickSignIn(
  t: TestServer,
  name: string,
): Promise<{ browser: TestBrowser; id: string }> {
  const db = t.server.database.db;
  const id = randomUUID();
  const token = randomBytes(24).toString("base64url");
  const now = new Date();
  await db
    .insert(user)
    .values({ id, name, email: uniqueEmail(name.toLowerCase().replace(/\W+/g, "")), emailVerified: true });
  await db.insert(session).values({
    id: randomUUID(),
    token,
    userId: id,
    expiresAt: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  const signature = createHmac("sha256", t.config.authSecret).update(token).digest("base64");
  const browser = t.browser();
  browser.cookies.set("better-auth.session_token", encodeURIComponent(`${token}.${signature}`));
  return { browser, id };
}

export async function createCommunity(
  browser: TestBrowser,
  name: string,
  options: { visibility?: "PUBLIC" | "PRIVATE"; joinPolicy?: "OPEN" | "APPROVAL" | "INVITE" } = {},
): Promise<string> {
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
  const result = await browser.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name,
        slug,
        timeZone: "Europe/Berlin",
        currency: "EUR",
        visibility: options.visibility ?? "PUBLIC",
        joinPolicy: options.joinPolicy ?? "OPEN",
      },
    },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.createCommunity.id as string;
}

/** Puts a user into a community with a role, as invitations will later. */
export async function addMember(
  t: TestServer,
  communityId: string,
  userId: string,
  role: "admin" | "organizer" | "member",
) {
  const db = t.server.database.db;
  await db
    .insert(membership)
    .values({ id: randomUUID(), communityId, userId, role, status: "active", source: "invited" });
  const [row] = await db
    .select({ n: community.memberCount })
    .from(community)
    .where(eq(community.id, communityId));
  await db
    .update(community)
    .set({ memberCount: (row?.n ?? 0) + 1 })
    .where(eq(community.id, communityId));
}

export type EventInputOverrides = Record<string, unknown>;

/** The sample meetup ten days ahead. */
export const eventInput = (overrides: EventInputOverrides = {}) => sampleEventInput(10, overrides);

export const EVENT_FIELDS = `
  id title description startsAt endsAt timeZone venueName venueAddress hasOnlineLink onlineUrl coverUrl
  status visibility capacity spotsLeft waitlistEnabled approvalRequired requireVerifiedEmail goingCount waitlistCount
  pendingCount checkedInCount viewerCanManage publicPath publishedAt canceledAt cancelMessage
  host { id name slug }
  ticketTypes { id name quantity remaining priceMinor currency }
  questions { id kind label required options }
`;

export const REGISTRATION_FIELDS = `
  id status checkInCode checkedInAt waitlistPosition createdAt
  person { id name email }
  ticketType { id name }
  answers { questionId label values }
  event { id goingCount waitlistCount pendingCount }
`;

export type EventResult = {
  id: string;
  status: string;
  goingCount: number;
  waitlistCount: number;
  pendingCount: number;
  checkedInCount: number;
  startsAt: string;
  endsAt: string;
  title: string;
  ticketTypes: { id: string; name: string; quantity: number | null; remaining: number | null }[];
  questions: { id: string; kind: string; label: string; options: string[] }[];
  [key: string]: unknown;
};

export type RegistrationResult = {
  id: string;
  status: string;
  checkInCode: string | null;
  checkedInAt: string | null;
  waitlistPosition: number | null;
  person: { id: string; name: string; email: string };
  ticketType: { id: string; name: string } | null;
  answers: { questionId: string; label: string; values: string[] }[];
  event: { id: string; goingCount: number; waitlistCount: number; pendingCount: number };
};

export async function createEvent(
  browser: TestBrowser,
  communityId: string,
  overrides: EventInputOverrides = {},
  publish = true,
): Promise<EventResult> {
  const result = await browser.graphql<{ createEvent: EventResult }>(
    `mutation ($communityId: ID!, $input: EventInput!, $publish: Boolean!) {
      createEvent(communityId: $communityId, input: $input, publish: $publish) { ${EVENT_FIELDS} }
    }`,
    { communityId, input: eventInput(overrides), publish },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.createEvent as EventResult;
}

export async function registerFor(
  browser: TestBrowser,
  eventId: string,
  input: {
    ticketTypeId?: string;
    answers?: { questionId: string; values: string[] }[];
    quantity?: number;
  } = {},
) {
  return browser.graphql<{ register: RegistrationResult }>(
    `mutation ($eventId: ID!, $input: RegisterInput!) { register(eventId: $eventId, input: $input) { ${REGISTRATION_FIELDS} } }`,
    { eventId, input: { answers: [], ...input } },
  );
}

export async function getEventAs(browser: TestBrowser, id: string) {
  return browser.graphql<{ event: EventResult }>(`query ($id: ID!) { event(id: $id) { ${EVENT_FIELDS} } }`, {
    id,
  });
}
