import type { AuthError } from "#client/lib/auth-client.ts";
import { plainMessage } from "#client/lib/auth-error-messages.ts";
import { countOf } from "#client/lib/plural.ts";

function wait(seconds: number | undefined): string {
  if (seconds === undefined) return "later";
  if (seconds < 60) return "in a minute";
  const minutes = Math.ceil(seconds / 60);
  return `in about ${minutes < 90 ? countOf(minutes, { one: "minute", other: "minutes" }) : countOf(Math.ceil(minutes / 60), { one: "hour", other: "hours" })}`;
}

/** What went wrong with a texted code, in words, for the server's codes; the rest is the catalogue's. */
export function phoneWords(error: AuthError): string | undefined {
  switch (error.code) {
    case "INVALID_PHONE_NUMBER":
      return "That is not a phone number we can text. Check the country and the number.";
    case "TEXT_INVALID_NUMBER":
    case "TEXT_NUMBER_NOT_ALLOWED":
    case "TEXT_NUMBER_OPTED_OUT":
    case "TEXT_UNAVAILABLE":
    case "PHONE_NUMBER_ONLY_WAY_IN":
    case "PHONE_IS_SECOND_FACTOR":
      return error.message;
    case "RATE_LIMITED_PHONE":
      return `Too many codes were sent to this number. You can ask for another ${wait(error.retryAfter)}.`;
    case "RATE_LIMITED_PHONE_NUMBERS":
      return `Codes were sent to too many different numbers from your network today. Try again ${wait(error.retryAfter)}.`;
    case "RATE_LIMITED":
      return `Too many attempts from this network. You can try again ${wait(error.retryAfter)}.`;
    case "INVALID_OTP":
      return "That code isn't right. Check the latest text and try again.";
    case "OTP_EXPIRED":
      return "That code has expired — send a new one.";
    case "OTP_NOT_FOUND":
    case "TOO_MANY_ATTEMPTS":
      return "That code can no longer be used — send a new one.";
    case "PHONE_NUMBER_EXIST":
      return "This number already belongs to another account. Sign in with it there, or use another number.";
    default:
      return error.status === 429
        ? `Too many attempts. You can try again ${wait(error.retryAfter)}.`
        : undefined;
  }
}

/** The sentence alone, for /me's phone section. */
export function phoneErrorMessage(error: unknown): string {
  return plainMessage(error, phoneWords);
}
