import { AuthError } from "#client/lib/auth-client.ts";

/** What the person reads, and the code kept for support (shown in a detail line and logged). */
export type AuthProblem = { code: string; message: string };

type Context = { provider?: string };

const via = (context: Context) => (context.provider ? ` with ${context.provider}` : "");
const provider = (context: Context) => context.provider ?? "that service";

/** The seed's identity errors (prefix auth/) and the codes better-auth and providers send back. */
const CATALOGUE: Record<string, (context: Context) => string> = {
  "auth/account-exists-with-different-credential": (c) =>
    `This email already has a Commons account that signs in with an email code. Sign in that way, then link ${provider(c)} from your profile.`,
  "auth/multi-factor-auth-required": () =>
    "This account has two-step sign-in turned on. Enter the code from your authenticator app or phone to finish.",
  "auth/missing-multi-factor-info": () =>
    "We couldn't find the second step of your sign-in. Start signing in again.",
  "auth/popup-blocked": (c) =>
    `Your browser blocked the sign-in window${via(c)}. Allow pop-ups for this site and try again.`,
  "auth/popup-closed-by-user": (c) =>
    `The sign-in window${via(c)} was closed before signing in finished. Nothing was changed.`,
  "auth/cancelled-popup-request": () =>
    "Another sign-in window was opened, so this one was stopped. Finish signing in there.",
  "auth/network-request-failed": () => "Could not reach the server. Check your connection and try again.",
  "auth/invalid-app-credential": () => "This sign-in could not be checked. Reload the page and try again.",
  "auth/user-not-found": () => "There is no Commons account for this sign-in. It may have been deleted.",
  "auth/unauthorized-domain": () =>
    "Signing in isn't allowed from this address. Open Commons at its usual address and try again.",
  "auth/web-storage-unsupported": () =>
    "Your browser is blocking the storage sign-in needs. Allow cookies and site data for this site, or leave private browsing.",
  "auth/internal-error": () => "Something went wrong on our side. Please try again in a moment.",
  // The second step of a sign-in in the pop-up ended there; the page that opened it says why.
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: (c) =>
    `Too many wrong codes at the second step of signing in${via(c)}. Sign in again to try once more.`,
  access_denied: (c) => `You cancelled signing in${via(c)}. Nothing was changed.`,
  email_not_found: (c) =>
    `${provider(c)} didn't share a confirmed email address, and Commons needs one for your tickets and notices. Sign in with an email code, then link ${provider(c)} from your profile.`,
  account_already_linked_to_different_user: (c) =>
    `That ${provider(c)} account is already linked to another Commons account. Sign in with it there, or unlink it there first.`,
  unable_to_link_account: (c) => `We couldn't link your ${provider(c)} account. Please try again.`,
  email_not_verified: (c) =>
    `${provider(c)} hasn't confirmed your email address. Confirm it there, or sign in with an email code.`,
  LAST_SIGN_IN_METHOD: () => "This is your only way to sign in. Link another one before removing it.",
  SESSION_NOT_FRESH: () => "For your safety, sign in again before changing how you sign in.",
};

/** better-auth's codes that say the same as one of the seed's. */
const SEED_EQUIVALENT: Record<string, string> = {
  account_not_linked: "auth/account-exists-with-different-credential",
  INVALID_TWO_FACTOR_COOKIE: "auth/missing-multi-factor-info",
  NETWORK_ERROR: "auth/network-request-failed",
  internal_server_error: "auth/internal-error",
  USER_NOT_FOUND: "auth/user-not-found",
  user_not_found: "auth/user-not-found",
};

/** A sentence for the code, and the code to keep (the seed's own where one says the same). */
export function describeAuthError(rawCode: string, context: Context = {}): AuthProblem {
  const code = SEED_EQUIVALENT[rawCode] ?? rawCode;
  const sentence = CATALOGUE[code];
  const message = sentence
    ? sentence(context)
    : `Signing in${via(context)} didn't finish. Please try again, or sign in with an email code.`;
  return { code, message };
}

/** An error thrown by the auth client, described; anything else is an internal error. */
export function authProblemOf(error: unknown, context: Context = {}): AuthProblem {
  return describeAuthError(error instanceof AuthError ? error.code : "auth/internal-error", context);
}

/** The code goes to the console too, for whoever helps the person. */
export function logAuthProblem(problem: AuthProblem): void {
  console.error(`Sign-in problem: ${problem.code}`);
}
