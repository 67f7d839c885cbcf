// Account calls that /login's first load does not make: kept out of auth-client.ts, which ships in
// that load (bench/login-javascript.ts), they load with the screens that use them.
import { type AuthUser, call, userOf } from "./auth-client.ts";

export async function verifySignInCode(email: string, otp: string): Promise<AuthUser | null> {
  return userOf(await call("sign-in/email-otp", { email, otp }));
}

export async function updateUser(changes: { name?: string; image?: string | null }): Promise<void> {
  await call("update-user", changes);
}

export async function signInWithGoogleIdToken(token: string): Promise<void> {
  await call("sign-in/social", { provider: "google", idToken: { token } });
}
