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
  "POST /sign-out",
  // Sign out everywhere.
  "POST /revoke-sessions",
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
