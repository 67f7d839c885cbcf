// Account calls that /login's first load does not make: kept out of auth-client.ts, which ships in
// that load (bench/login-javascript.ts), they load with the screens that use them.
import { type AuthUser, call, LONG_WAIT_MS, userOf } from "./auth-client.ts";

export async function verifySignInCode(email: string, otp: string): Promise<AuthUser | null> {
  return userOf(await call("sign-in/email-otp", { email, otp }));
}

export async function updateUser(changes: { name?: string; image?: string | null }): Promise<void> {
  await call("update-user", changes);
}

export async function signInWithGoogleIdToken(token: string): Promise<void> {
  // The server fetches Google's keys to check the token.
  await call("sign-in/social", { provider: "google", idToken: { token } }, "auth", LONG_WAIT_MS);
}
