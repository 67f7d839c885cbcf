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
