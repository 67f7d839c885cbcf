import { expect } from "vitest";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import type { CapturedMail } from "#server/test/smtp-capture.ts";

export const GUEST_REGISTER = `mutation ($eventId: ID!, $input: GuestRegisterInput!) {
  registerAsGuest(eventId: $eventId, input: $input) { status email } }`;

export const MANAGED_FIELDS = `id token status name email checkInCode checkedInAt waitlistPosition ticketTypeName
  onlineUrl canCancel event { id title goingCount waitlistCount }`;

export type Managed = {
  id: string;
  token: string;
  status: string;
  name: string;
  email: string;
  checkInCode: string | null;
  checkedInAt: string | null;
  waitlistPosition: number | null;
  ticketTypeName: string | null;
  onlineUrl: string | null;
  canCancel: boolean;
  event: { id: string; title: string; goingCount: number; waitlistCount: number };
};

export function registerAsGuest(
  browser: TestBrowser,
  eventId: string,
  input: { name: string; email: string; answers?: { questionId: string; values: string[] }[] },
) {
  return browser.graphql<{ registerAsGuest: { status: string; email: string } }>(GUEST_REGISTER, {
    eventId,
    input: { answers: [], ...input },
  });
}

export const managed = (browser: TestBrowser, token: string) =>
  browser.graphql<{ managedRegistration: Managed }>(
    `query ($token: String!) { managedRegistration(token: $token) { ${MANAGED_FIELDS} } }`,
    { token },
  );

export const cancelManaged = (browser: TestBrowser, token: string) =>
  browser.graphql<{ cancelManagedRegistration: Managed }>(
    `mutation ($token: String!) { cancelManagedRegistration(token: $token) { ${MANAGED_FIELDS} } }`,
    { token },
  );

export const resendTicket = (browser: TestBrowser, eventId: string, email: string) =>
  browser.graphql<{ resendTicket: boolean }>(
    "mutation ($eventId: ID!, $email: String!) { resendTicket(eventId: $eventId, email: $email) }",
    { eventId, email },
  );

/** The private link's token in a mail's text. */
export function manageTokenOf(mail: CapturedMail): string {
  const match = /\/r\/([A-Za-z0-9._~%-]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return decodeURIComponent(match?.[1] ?? "");
}

/** Sends every due mail now, then lists what one address received. */
export async function mailsTo(t: TestServer, email: string): Promise<CapturedMail[]> {
  // A pass already under way may have started before the caller's commit: run one more after it.
  await t.server.jobs.drain();
  await t.server.jobs.drain();
  return t.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
}
