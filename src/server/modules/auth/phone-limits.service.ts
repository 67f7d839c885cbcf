import { APIError } from "better-auth/api";
import type { Db } from "#server/db/client.ts";
import { hit, isBlocked } from "./throttle.service.ts";

// Texts cost money: stricter than the email code's limits (code-limits.service.ts).
export const TEXTS_PER_NUMBER = { max: 3, windowSeconds: 15 * 60 };
// A venue's guests may share one address: many texts, but not an unbounded stream.
export const TEXTS_PER_ADDRESS = { max: 20, windowSeconds: 15 * 60 };
// Someone cycling through numbers from one address is spending the operator's money.
export const NUMBERS_PER_ADDRESS = { max: 30, windowSeconds: 24 * 60 * 60 };

export type TextLimitCode = "RATE_LIMITED_PHONE" | "RATE_LIMITED" | "RATE_LIMITED_PHONE_NUMBERS";
export type TextLimitRefusal = { code: TextLimitCode; retryAfterSeconds: number };

const keys = (options: { phoneNumber: string; address: string }) => ({
  address: `text-send:ip:${options.address}`,
  number: `text-send:phone:${options.phoneNumber}`,
  // One row per (address, number) texted today: its presence says the number is not a new one.
  pair: `text-send:ip-phone:${options.address}:${options.phoneNumber}`,
  numbers: `text-send:ip-numbers:${options.address}`,
});

function wait(seconds: number): string {
  if (seconds < 60) return "in a minute";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in about ${minutes} minutes`;
  return `in about ${Math.ceil(minutes / 60)} hours`;
}

export function textLimitMessage(refusal: TextLimitRefusal): string {
  const when = wait(refusal.retryAfterSeconds);
  switch (refusal.code) {
    case "RATE_LIMITED_PHONE":
      return `Too many codes were sent to this number. You can ask for another ${when}.`;
    case "RATE_LIMITED_PHONE_NUMBERS":
      return `Codes were sent to too many different numbers from your network today. You can try a new number ${when}, or sign in with your email.`;
    default:
      return `Too many sign-in attempts from your network. You can try again ${when}.`;
  }
}

/** better-auth's answer to a refused text: 429 with the limit's code, a sentence and Retry-After. */
export function textLimitError(refusal: TextLimitRefusal): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: refusal.code, message: textLimitMessage(refusal), retryAfter: refusal.retryAfterSeconds },
    { "Retry-After": String(refusal.retryAfterSeconds) },
  );
}

/**
 * Whether a text would be refused, without counting one. Asked before a new code is made, so a
 * refused request does not replace the code already on the person's phone.
 */
export async function textSendBlocked(
  db: Db,
  options: { phoneNumber: string; address: string; now: Date },
): Promise<TextLimitRefusal | null> {
  const key = keys(options);
  const byAddress = await isBlocked(db, { key: key.address, ...TEXTS_PER_ADDRESS, now: options.now });
  if (byAddress) return { code: "RATE_LIMITED", retryAfterSeconds: byAddress.retryAfterSeconds };
  const known = await isBlocked(db, {
    key: key.pair,
    windowSeconds: NUMBERS_PER_ADDRESS.windowSeconds,
    max: 1,
    now: options.now,
  });
  if (!known) {
    const byNumbers = await isBlocked(db, { key: key.numbers, ...NUMBERS_PER_ADDRESS, now: options.now });
    if (byNumbers)
      return { code: "RATE_LIMITED_PHONE_NUMBERS", retryAfterSeconds: byNumbers.retryAfterSeconds };
  }
  const byNumber = await isBlocked(db, { key: key.number, ...TEXTS_PER_NUMBER, now: options.now });
  if (byNumber) return { code: "RATE_LIMITED_PHONE", retryAfterSeconds: byNumber.retryAfterSeconds };
  return null;
}

/** Counts one text; called where it is sent, so no route can send one uncounted. */
export async function checkTextSend(
  db: Db,
  options: { phoneNumber: string; address: string; now: Date },
): Promise<TextLimitRefusal | null> {
  const key = keys(options);
  const byAddress = await hit(db, { key: key.address, ...TEXTS_PER_ADDRESS, now: options.now });
  if (!byAddress.allowed) return { code: "RATE_LIMITED", retryAfterSeconds: byAddress.retryAfterSeconds };
  const known = await isBlocked(db, {
    key: key.pair,
    windowSeconds: NUMBERS_PER_ADDRESS.windowSeconds,
    max: 1,
    now: options.now,
  });
  if (!known) {
    const byNumbers = await hit(db, { key: key.numbers, ...NUMBERS_PER_ADDRESS, now: options.now });
    if (!byNumbers.allowed) {
      return { code: "RATE_LIMITED_PHONE_NUMBERS", retryAfterSeconds: byNumbers.retryAfterSeconds };
    }
    await hit(db, {
      key: key.pair,
      windowSeconds: NUMBERS_PER_ADDRESS.windowSeconds,
      max: 1,
      now: options.now,
    });
  }
  const byNumber = await hit(db, { key: key.number, ...TEXTS_PER_NUMBER, now: options.now });
  if (!byNumber.allowed) return { code: "RATE_LIMITED_PHONE", retryAfterSeconds: byNumber.retryAfterSeconds };
  return null;
}
