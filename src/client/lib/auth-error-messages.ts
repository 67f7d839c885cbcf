import { AuthError, type AuthProblem, logAuthProblem, NETWORK_MESSAGE } from "#client/lib/auth-client.ts";

export { type AuthProblem, logAuthProblem };

type Context = { provider?: string };

/**
 * A screen's own sentence for a server code it knows better than the catalogue does (a wrong code,
 * a rate limit with its wait), or undefined to leave the failure to the catalogue.
 */
export type OwnWords = (error: AuthError) => string | undefined;

const via = (context: Context) => (context.provider ? ` with ${context.provider}` : "");
const provider = (context: Context) => context.provider ?? "that service";

/** The seed's identity errors (prefix auth/) and the codes better-auth and providers send back. */
const CATALOGUE: Record<string, (context: Context) => string> = {
  "auth/account-exists-with-different-credential": (c) =>
    `This email already has a Commons account that signs in with an email code. Sign in that way, then link ${provider(c)} from your profile.`,
  "auth/multi-factor-auth-required": () =>
    "This account has two-step sign-in turned on. Enter the code from your authenticator app or phone to finish.",
  "auth/missing-multi-factor-info": () =>
    "The second step of this sign-in has expired or could not be found. Sign in again.",
  "auth/popup-blocked": (c) =>
    `Your browser blocked the sign-in window${via(c)}. Allow pop-ups for this site and try again.`,
  "auth/popup-closed-by-user": (c) =>
    `The sign-in window${via(c)} was closed before signing in finished. Nothing was changed.`,
  "auth/cancelled-popup-request": () =>
    "Another sign-in window was opened, so this one was stopped. Finish signing in there.",
  "auth/network-request-failed": () => NETWORK_MESSAGE,
  "auth/invalid-app-credential": (c) =>
    `Commons could not check this sign-in${via(c)}. Reload the page and try again, or sign in with an email code.`,
  "auth/user-not-found": () => "There is no Commons account for this sign-in. It may have been deleted.",
  "auth/unauthorized-domain": () =>
    "Signing in isn't allowed from this address. Open Commons at its usual address and try again.",
  "auth/web-storage-unsupported": () =>
    "Your browser is blocking the storage sign-in needs. Allow cookies and site data for this site, or leave private browsing.",
  "auth/internal-error": () => "Something went wrong on our side. Please try again in a moment.",
  // The server's database is out of reach for a moment (a restart, a failover): 503. A commit may
  // have gone through before the connection broke, so the message does not promise that nothing did.
  UNAVAILABLE: () => "Commons is briefly unavailable. Please try again in a moment.",
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
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: () => "Too many wrong codes. Sign in again to try once more.",
};

/** The codes of better-auth, its plugins and the auth client that say the same as one of the seed's. */
const SEED_EQUIVALENT: Record<string, string> = {
  account_not_linked: "auth/account-exists-with-different-credential",
  // Linking from /me with Google's ID token: that Google account already signs in to someone else.
  SOCIAL_ACCOUNT_ALREADY_LINKED: "account_already_linked_to_different_user",
  // The second step's cookie is missing, expired, or names a verification that is gone.
  INVALID_TWO_FACTOR_COOKIE: "auth/missing-multi-factor-info",
  NETWORK_ERROR: "auth/network-request-failed",
  TIMEOUT: "auth/network-request-failed",
  internal_server_error: "auth/internal-error",
  UNKNOWN: "auth/internal-error",
  USER_NOT_FOUND: "auth/user-not-found",
  user_not_found: "auth/user-not-found",
  // A passkey whose record is gone: removed from /me, or its account deleted.
  PASSKEY_NOT_FOUND: "auth/user-not-found",
  // What proves this app to the server was refused: Google's token (issued for another client
  // id, or expired), Google not set up on the server, or a passkey challenge that expired.
  INVALID_TOKEN: "auth/invalid-app-credential",
  ID_TOKEN_NOT_SUPPORTED: "auth/invalid-app-credential",
  PROVIDER_NOT_FOUND: "auth/invalid-app-credential",
  CHALLENGE_NOT_FOUND: "auth/invalid-app-credential",
  // better-auth's origin check: the page, or an address to come back to, is not a trusted origin.
  INVALID_ORIGIN: "auth/unauthorized-domain",
  MISSING_OR_NULL_ORIGIN: "auth/unauthorized-domain",
  INVALID_CALLBACK_URL: "auth/unauthorized-domain",
  INVALID_ERROR_CALLBACK_URL: "auth/unauthorized-domain",
  INVALID_NEW_USER_CALLBACK_URL: "auth/unauthorized-domain",
  INVALID_REDIRECT_URL: "auth/unauthorized-domain",
};

/** fetch() refused, or a chunk of the app could not be downloaded: the browser's own words. */
const UNREACHABLE = /fetch|network|load failed|import/i;

/**
 * The code a failure is kept under: the seed's where one says the same, else the server's own.
 * A server error (5xx) the screen has no words for is the seed's internal error.
 */
export function failureCode(error: unknown, hasOwnWords = false): string {
  if (error instanceof AuthError) {
    if (error.code.startsWith("auth/")) return error.code;
    const seed = SEED_EQUIVALENT[error.code];
    if (seed) return seed;
    if (error.code === "UNAVAILABLE") return error.code;
    return error.status >= 500 && !hasOwnWords ? "auth/internal-error" : error.code;
  }
  if (error instanceof TypeError && UNREACHABLE.test(error.message)) return "auth/network-request-failed";
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "NetworkError")) {
    return "auth/network-request-failed";
  }
  return "auth/internal-error";
}

/** A sentence for the code, and the code to keep (the seed's own where one says the same). */
export function describeAuthError(rawCode: string, context: Context = {}): AuthProblem {
  const code = SEED_EQUIVALENT[rawCode] ?? rawCode;
  const sentence = CATALOGUE[code];
  const message = sentence
    ? sentence(context)
    : `Signing in${via(context)} didn't finish. Please try again, or sign in with an email code.`;
  return { code, message };
}

/**
 * Any failure of a sign-in step (the auth client's AuthError, a fetch or chunk that failed, a time-out,
 * anything else) as a sentence and a code: the screen's own words first, then the catalogue's.
 */
export function authProblemOf(error: unknown, context: Context = {}, ownWords?: OwnWords): AuthProblem {
  const own = error instanceof AuthError ? ownWords?.(error) : undefined;
  const code = failureCode(error, own !== undefined);
  return { code, message: own ?? describeAuthError(code, context).message };
}

/**
 * The server never judged what was typed (it was not reached, or failed on its side): the form
 * keeps it for another try.
 */
export function leftUnchecked(problem: AuthProblem): boolean {
  return (
    problem.code === "auth/network-request-failed" ||
    problem.code === "auth/internal-error" ||
    problem.code === "UNAVAILABLE"
  );
}

/** The sentence alone, for screens past signing in (/me's), which show no support code. */
export function plainMessage(error: unknown, ownWords?: OwnWords): string {
  const own = error instanceof AuthError ? ownWords?.(error) : undefined;
  if (own) return own;
  const code = failureCode(error);
  if (code === "UNAVAILABLE") return describeAuthError(code).message;
  return code === "auth/network-request-failed" ? NETWORK_MESSAGE : "Something went wrong. Please try again.";
}

/** A failed sign-in step, described and logged once: what the screen then shows. */
export function signInFailed(error: unknown, ownWords?: OwnWords, context: Context = {}): AuthProblem {
  return logAuthProblem(authProblemOf(error, context, ownWords));
}
