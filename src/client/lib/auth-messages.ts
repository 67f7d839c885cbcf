import { AuthError } from "#client/lib/auth-client.ts";

export function formatWait(seconds: number): string {
  if (seconds <= 1) return "in a moment";
  if (seconds < 60) return `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "in about a minute" : `in about ${minutes} minutes`;
}

export function authErrorMessage(error: unknown): string {
  if (!(error instanceof AuthError)) return "Something went wrong. Please try again.";
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
    case "NETWORK_ERROR":
      return error.message;
    default:
      if (error.status === 429) return `Too many attempts. You can try again ${wait}.`;
      return "Something went wrong. Please try again.";
  }
}
