import { expect } from "vitest";
import { type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";

/** The token of the invitation link in a mail's text. */
export function invitationTokenIn(text: string): string {
  const found = text.match(/\/invitation\/([A-Za-z0-9_-]+)/);
  if (!found?.[1]) throw new Error(`no invitation link in: ${text}`);
  return found[1];
}

type Policy = "OPEN" | "APPROVAL" | "INVITE";

/** A signed-in owner and their new community. */
export async function communityWithOwner(
  t: TestServer,
  options: { joinPolicy?: Policy; visibility?: "PUBLIC" | "PRIVATE" } = {},
) {
  const owner = t.browser();
  const ownerUser = await owner.signIn(uniqueEmail("owner"), "Olive Owner");
  const slug = `c-${Math.random().toString(36).slice(2, 10)}`;
  const created = await owner.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: `Community ${slug}`,
        slug,
        timeZone: "UTC",
        currency: "EUR",
        visibility: options.visibility ?? "PUBLIC",
        joinPolicy: options.joinPolicy ?? "OPEN",
      },
    },
  );
  const communityId = created.data?.createCommunity.id;
  expect(communityId, JSON.stringify(created.errors)).toBeTruthy();
  return { owner, ownerUser, communityId: communityId as string, slug };
}

export type MembershipResult = { id: string; role: string; status: string };

/** A new signed-in person; `join` makes them a member of an open community. */
export async function person(t: TestServer, label = "person", name = "Ada Guest") {
  const browser = t.browser();
  const email = uniqueEmail(label);
  const user = await browser.signIn(email, name);
  return { browser, email, user };
}

export async function join(browser: TestBrowser, communityId: string, answers: unknown[] = []) {
  return browser.graphql<{ joinCommunity: MembershipResult }>(
    "mutation ($id: ID!, $answers: [AnswerInput!]) { joinCommunity(communityId: $id, answers: $answers) { id role status } }",
    { id: communityId, answers },
  );
}

export async function setRole(browser: TestBrowser, membershipId: string, role: string) {
  return browser.graphql<{ setMemberRole: MembershipResult }>(
    "mutation ($id: ID!, $role: CommunityRole!) { setMemberRole(membershipId: $id, role: $role) { id role status } }",
    { id: membershipId, role },
  );
}

export async function invite(browser: TestBrowser, communityId: string, emails: string[], role = "MEMBER") {
  return browser.graphql<{
    inviteMembers: { email: string; result: string; invitation: { id: string } | null }[];
  }>(
    "mutation ($id: ID!, $emails: [String!]!, $role: CommunityRole!) { inviteMembers(communityId: $id, emails: $emails, role: $role) { email result invitation { id } } }",
    { id: communityId, emails, role },
  );
}

export async function accept(browser: TestBrowser, token: string) {
  return browser.graphql<{ acceptInvitation: MembershipResult }>(
    "mutation ($token: String!) { acceptInvitation(token: $token) { id role status } }",
    { token },
  );
}

/** The newest mail to an address after the outbox has sent everything due. */
export async function lastMailTo(t: TestServer, email: string) {
  await t.drain();
  return t.smtp.mails.findLast((m) => m.to.includes(email.toLowerCase()));
}
