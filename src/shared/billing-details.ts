import { TEXT_LIMITS, type TextField, tooLongMessage } from "./limits.ts";

/** Who sells, as the community's receipts name them. Empty strings when not set. */
export type BillingDetailsValues = { legalName: string; address: string; taxNote: string };

export type BillingDetailsField = keyof BillingDetailsValues;

export const BILLING_FIELD_LABELS: Record<BillingDetailsField, string> = {
  legalName: "Legal name",
  address: "Address",
  taxNote: "Tax note",
};

const LIMIT_OF: Record<BillingDetailsField, TextField> = {
  legalName: "billingLegalName",
  address: "billingAddress",
  taxNote: "billingTaxNote",
};

export const billingLimit = (field: BillingDetailsField) => TEXT_LIMITS[LIMIT_OF[field]];

/**
 * Control characters other than the line feed, line and paragraph separators, and bidirectional
 * overrides: receipts are mail, where any of these would hide or reorder what the seller wrote.
 */
const UNSAFE = /(?!\n)[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

const oneLine = (value: string) =>
  value
    .replace(/\r\n?|\n/g, " ")
    .replace(UNSAFE, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Each line trimmed, blank lines at either end dropped; the breaks between lines are kept. */
const lines = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(UNSAFE, " ")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .join("\n")
    .replace(/^\n+|\n+$/g, "");

/** The values as they are stored and printed: what the form previews and the server keeps. */
export function normalizeBillingDetails(input: BillingDetailsValues): BillingDetailsValues {
  return {
    legalName: oneLine(input.legalName),
    address: lines(input.address),
    taxNote: oneLine(input.taxNote),
  };
}

export type BillingDetailsProblem = { field: BillingDetailsField; code: "TOO_LONG"; message: string };

/** What is wrong with normalized values, one entry per field over its limit. */
export function billingDetailsProblems(values: BillingDetailsValues): BillingDetailsProblem[] {
  return (Object.keys(LIMIT_OF) as BillingDetailsField[]).flatMap((field) =>
    values[field].length > billingLimit(field)
      ? [{ field, code: "TOO_LONG" as const, message: tooLongMessage(LIMIT_OF[field]) }]
      : [],
  );
}

/** The seller's lines a receipt opens with: the legal name (or the community's), then the address. */
export function receiptSellerLines(values: BillingDetailsValues, communityName: string): string[] {
  return [values.legalName || communityName, ...values.address.split("\n")].filter((s) => s.trim() !== "");
}
