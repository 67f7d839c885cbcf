// The phone-number routes of better-auth (src/server/modules/auth/phone-sign-in.ts).
import { call, LONG_WAIT_MS } from "#client/lib/auth-client.ts";

/** Texts a 6-digit code to `phoneNumber` (E.164). */
export async function sendPhoneCode(phoneNumber: string): Promise<void> {
  await call("phone-number/send-otp", { phoneNumber }, "auth", LONG_WAIT_MS);
}

/**
 * Checks the texted code. Signed out, it signs in (making an account for a new number); with
 * `toAccount`, it puts the number on the signed-in person's account instead.
 */
export async function verifyPhoneCode(phoneNumber: string, code: string, toAccount = false): Promise<void> {
  await call(
    "phone-number/verify",
    toAccount ? { phoneNumber, code, updatePhoneNumber: true } : { phoneNumber, code },
  );
  // The session cookie keeps a copy of the account for minutes: read it afresh.
  await call("get-session?disableCookieCache=true");
}

export async function removePhoneNumber(): Promise<void> {
  await call("update-user", { phoneNumber: null });
  await call("get-session?disableCookieCache=true");
}
