import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "#server/db/client.ts";
import { conflict } from "#server/errors.ts";
import { contactOf } from "#server/modules/users/user-erasure.service.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";

/**
 * Where the deletion's code and its confirmation go: the account's address, or, for someone who
 * signed up by phone and has only the placeholder address (decision 022), their verified number.
 */
export type DeletionContact = { channel: "email"; email: string } | { channel: "text"; phoneNumber: string };

/** What /me says the code goes to: the address, or the number with all but its last four hidden. */
export type ShownContact = { channel: "email" | "text"; to: string };

export function contactFor(person: { email: string; phoneNumber: string | null }): DeletionContact | null {
  if (!isPhoneOnlyEmail(person.email)) return { channel: "email", email: person.email };
  return person.phoneNumber ? { channel: "text", phoneNumber: person.phoneNumber } : null;
}

export async function deletionContact(db: Pick<Db, "select">, userId: string): Promise<DeletionContact> {
  const person = await contactOf(db, userId);
  const contact = person ? contactFor(person) : null;
  // The phone plugin never lets a phone-only account drop its number, so this is a broken row.
  if (!contact) throw conflict("This account has no address or phone number to send a code to.");
  return contact;
}

/** "+1 •••• 4567": enough for the person to recognise their number on a shared screen, no more. */
export function maskedNumber(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  const last = phoneNumber.slice(-4);
  return parsed ? `+${parsed.countryCallingCode} •••• ${last}` : `•••• ${last}`;
}

export function shownContact(contact: DeletionContact): ShownContact {
  return contact.channel === "email"
    ? { channel: "email", to: contact.email }
    : { channel: "text", to: maskedNumber(contact.phoneNumber) };
}
