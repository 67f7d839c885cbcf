import { PASSKEY_ROUTES } from "./passkey.ts";

/**
 * The better-auth endpoints the product uses (src/client/lib/auth-client.ts). better-auth mounts
 * many more (password reset, email change, account deletion...), each another way to mail a
 * code or change an account: everything else answers 404.
 */
const IN_USE = new Set([
  "GET /get-session",
  "POST /email-otp/send-verification-otp",
  "POST /sign-in/email-otp",
  "POST /sign-in/social",
  "POST /update-user",
  // Changing the sign-in address on /me: a code to the new address, then the change (email-change.ts).
  "POST /email-otp/request-email-change",
  "POST /email-otp/change-email",
  // Phone sign-in, and adding or changing the phone on /me (updatePhoneNumber).
  "POST /phone-number/send-otp",
  "POST /phone-number/verify",
  "POST /sign-out",
  // Sign out everywhere.
  "POST /revoke-sessions",
  // The second factor (two-factor.ts).
  "GET /second-factor/status",
  "POST /two-factor/enable",
  "POST /two-factor/verify-totp",
  "POST /two-factor/verify-backup-code",
  // Texted codes: at sign-in, and on /me to turn texts on (two-factor-text.ts).
  "POST /two-factor/send-otp",
  "POST /two-factor/verify-otp",
  "GET /second-factor/methods",
  "POST /second-factor/enable-text",
  "POST /two-factor/generate-backup-codes",
  "POST /two-factor/disable",
  ...PASSKEY_ROUTES,
  // Linked sign-in methods on /me: what signs in (ways-in.ts; not under /sign-in, whose paths
  // better-auth limits to 3 requests per 10 s), linking and unlinking providers.
  "GET /ways-in",
  "GET /list-accounts",
  "POST /link-social",
  "POST /unlink-account",
  // Where GitHub, Facebook and X send the browser back (only configured ones answer).
  "GET /callback/github",
  "GET /callback/facebook",
  "GET /callback/twitter",
]);

export const AUTH_BASE_PATH = "/api/auth";

/** `/api/auth/sign-out/` -> `/sign-out`; null outside better-auth's base path. */
export function authRoute(path: string): string | null {
  if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  return path.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "");
}

export function isAuthRouteInUse(method: string, path: string): boolean {
  const route = authRoute(path);
  return route !== null && IN_USE.has(`${method.toUpperCase()} ${route}`);
}
