/**
 * A person who signs up with a phone number has no email yet, and the user table needs one: they
 * get a unique address under this reserved, never-deliverable domain (RFC 2606), which nothing
 * mails and no screen shows.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone.invalid";

export function isPhoneOnlyEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}

/** What a person sees for their email: nothing when they have only a phone number. */
export function shownEmail(email: string): string {
  return isPhoneOnlyEmail(email) ? "" : email;
}

/**
 * How an account is named where a screen or another device must show one (a passkey picker, an
 * authenticator app, a recovery-codes file): its address, else its phone number, else its name.
 */
export function accountLabel(person: {
  email: string;
  phoneNumber?: string | null;
  name?: string | null;
}): string {
  return shownEmail(person.email) || person.phoneNumber || person.name?.trim() || "Commons account";
}
