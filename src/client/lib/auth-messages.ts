import type { AuthError } from "#client/lib/auth-client.ts";
import { type AuthProblem, plainMessage, signInFailed } from "#client/lib/auth-error-messages.ts";
import { countOf } from "#client/lib/plural.ts";

export function formatWait(seconds: number): string {
  if (seconds <= 1) return "in a moment";
  if (seconds < 60) return `in ${countOf(seconds, { one: "second", other: "seconds" })}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "in about a minute" : `in about ${minutes} minutes`;
}

/** The email-code sign-in's own words for the server's codes; the rest is the catalogue's. */
export function emailCodeWords(error: AuthError): string | undefined {
  const wait = error.retryAfter === undefined ? "later" : formatWait(error.retryAfter);
  switch (error.code) {
    case "RATE_LIMITED_EMAIL":
      return `Too many codes were sent to this address. You can ask for another ${wait}.`;
    case "RATE_LIMITED":
      return `Too many attempts from this network. You can try again ${wait}.`;
    case "INVALID_OTP":
      return "That code isn't right. Check the latest email and try again.";
    case "OTP_EXPIRED":
      return "That code has expired — send a new one.";
    case "TOO_MANY_ATTEMPTS":
      return "Too many tries — send a new code.";
    case "INVALID_EMAIL":
      return "Enter a valid email address, like name@example.com.";
    default:
      return error.status === 429 ? `Too many attempts. You can try again ${wait}.` : undefined;
  }
}

/** The sentence alone, for screens past signing in (the name, /me's address change). */
export function authErrorMessage(error: unknown): string {
  return plainMessage(error, emailCodeWords);
}

/** A failed step of the email-code sign-in, described and logged. */
export function emailSignInProblem(error: unknown): AuthProblem {
  return signInFailed(error, emailCodeWords);
}
