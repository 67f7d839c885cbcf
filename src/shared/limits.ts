/**
 * One length limit per field of user text, in UTF-16 code units (what `String.length` and the
 * `maxLength` attribute count). The server refuses longer values with `TOO_LONG`; the forms stop
 * typing at the same number and name it in their messages, so the two can never disagree.
 */
export const TEXT_LIMITS = {
  personName: 80,
  communityName: 80,
  communityDescription: 5_000,
  eventTitle: 140,
  eventDescription: 20_000,
  venueName: 200,
  venueAddress: 500,
  onlineUrl: 2_000,
  ticketTypeName: 100,
  questionLabel: 300,
  questionOption: 200,
  shortAnswer: 500,
  longAnswer: 5_000,
  cancelMessage: 2_000,
  messageSubject: 200,
  messageBody: 10_000,
  memberTag: 50,
  memberSearch: 200,
  segmentName: 80,
  emailAddress: 254,
  paymentNote: 1_000,
  refundReason: 500,
  paymentSearch: 200,
  /** Who sells, as receipts name them (settings → payments). */
  billingLegalName: 200,
  billingAddress: 500,
  billingTaxNote: 300,
} as const;

/** How many of a repeated item one event may have. */
export const COUNT_LIMITS = {
  ticketTypes: 20,
  questions: 30,
  questionOptions: 50,
  /** Tags on one membership. */
  memberTags: 30,
  /** Tags added or removed by one bulk action. */
  tagsPerAction: 10,
  /** Rows one bulk action may name by id (a larger set is named by its filter). */
  selectedMembers: 1_000,
} as const;

export type TextField = keyof typeof TEXT_LIMITS;

/** The one wording for a value over its limit, used by the server's errors and the forms alike. */
export function tooLongMessage(field: TextField): string {
  return `Use at most ${TEXT_LIMITS[field].toLocaleString("en-US")} characters.`;
}

export function isTooLong(field: TextField, value: string | null | undefined): boolean {
  return (value?.length ?? 0) > TEXT_LIMITS[field];
}
