export type AuthUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  /** Verified, in E.164; null when the person has not added one. */
  phoneNumber: string | null;
};
export type AuthSession = { user: AuthUser };

export class AuthError extends Error {
  readonly code: string;
  readonly status: number;
  /** Seconds until another attempt is allowed; only set for 429 answers. */
  readonly retryAfter: number | undefined;

  constructor(message: string, code: string, status: number, retryAfter?: number) {
    super(message);
    this.name = "AuthError";
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

type Body = Record<string, unknown> | null;

function retryAfterOf(response: Response, body: Body): number | undefined {
  const seconds = Number(body?.retryAfter ?? response.headers.get("retry-after") ?? Number.NaN);
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

/** What the person reads, and the code kept for support (shown in a detail line and logged). */
export type AuthProblem = { code: string; message: string };

/** What a sign-in says when the server cannot be reached: here, so /login can say it offline. */
export const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** For /login when even the words for its failure could not be downloaded. */
export const UNREACHABLE: AuthProblem = { code: "auth/network-request-failed", message: NETWORK_MESSAGE };

/** The code goes to the console too, for whoever helps the person. */
export function logAuthProblem(problem: AuthProblem): AuthProblem {
  console.error(`Sign-in problem: ${problem.code}`);
  return problem;
}

/** The seed's code for a sign-in that still needs its second factor (better-auth's `twoFactorRedirect`). */
export const SECOND_FACTOR_REQUIRED = "auth/multi-factor-auth-required";

// The seed's network time-outs: 30 s for an answer, 60 s where the server waits on another service
// (sending a mail or a text, checking Google's token).
export const SHORT_WAIT_MS = 30_000;
export const LONG_WAIT_MS = 60_000;

/**
 * One better-auth endpoint (or, with `area` "account", one of /api/account's): its JSON answer, or
 * an AuthError with the server's code (NETWORK_ERROR, or TIMEOUT after `waitMs`, when no answer came).
 */
export async function call(
  path: string,
  payload?: unknown,
  area: "auth" | "account" = "auth",
  waitMs = SHORT_WAIT_MS,
): Promise<Body> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), waitMs);
  let response: Response;
  let body: Body;
  try {
    response = await fetch(`/api/${area}/${path}`, {
      method: payload ? "POST" : "GET",
      credentials: "include",
      headers: payload ? { "content-type": "application/json" } : undefined,
      body: payload ? JSON.stringify(payload) : undefined,
      signal: abort.signal,
    });
    body = await response.json().catch(() => null);
    // A body cut off by the time-out reads as null: not an answer.
    if (abort.signal.aborted) throw new Error("timed out");
  } catch {
    throw new AuthError(NETWORK_MESSAGE, abort.signal.aborted ? "TIMEOUT" : "NETWORK_ERROR", 0);
  } finally {
    clearTimeout(timer);
  }
  if (response.ok && body?.twoFactorRedirect === true) {
    // Never shown: the page moves on to /two-factor (features/auth/second-step.ts).
    throw new AuthError("Second factor required", SECOND_FACTOR_REQUIRED, 200);
  }
  if (response.ok) return body;
  const { status } = response;
  throw new AuthError(
    typeof body?.message === "string" ? body.message : `Request failed (${status})`,
    typeof body?.code === "string" ? body.code : status === 429 ? "RATE_LIMITED" : "UNKNOWN",
    status,
    status === 429 ? retryAfterOf(response, body) : undefined,
  );
}

/** For the account features' own calls (sessions, passkeys, account deletion). */
export const callAuth = call;

/** The account in a better-auth answer, or null. */
export function userOf(body: Body): AuthUser | null {
  const user = body?.user as Partial<AuthUser> | null | undefined;
  if (typeof user?.id !== "string" || typeof user.email !== "string") return null;
  // The server keeps a number only once a code sent to it was entered.
  const phoneNumber = typeof user.phoneNumber === "string" ? user.phoneNumber : null;
  return { id: user.id, email: user.email, name: user.name ?? "", image: user.image ?? null, phoneNumber };
}

export async function getSession(): Promise<AuthSession | null> {
  const user = userOf(await call("get-session"));
  return user ? { user } : null;
}

export async function sendSignInCode(email: string): Promise<void> {
  await call("email-otp/send-verification-otp", { email, type: "sign-in" }, "auth", LONG_WAIT_MS);
}

export async function signOut(): Promise<void> {
  await call("sign-out", {});
}

/** GitHub, Facebook and X: plain OAuth sign-in, each on only when the server has its keys. */
export const SIGN_IN_PROVIDERS = ["github", "facebook", "twitter"] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

export type PublicConfig = {
  googleClientId: string | null;
  phoneSignIn: boolean;
  signInProviders: SignInProvider[];
};
let publicConfig: Promise<PublicConfig> | undefined;

/** A new page load asks again (a test's render of the app is one). */
export function forgetPublicConfig(): void {
  publicConfig = undefined;
}

/** Fetched once per page load; a failure means "no provider buttons", never a broken login page. */
export function getPublicConfig(): Promise<PublicConfig> {
  publicConfig ??= fetch("/api/config")
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { googleClientId?: unknown; phoneSignIn?: unknown; signInProviders?: unknown } | null) => ({
      googleClientId:
        typeof body?.googleClientId === "string" && body.googleClientId ? body.googleClientId : null,
      phoneSignIn: body?.phoneSignIn === true,
      signInProviders: SIGN_IN_PROVIDERS.filter(
        (id) => Array.isArray(body?.signInProviders) && body.signInProviders.includes(id),
      ),
    }))
    .catch(() => ({ googleClientId: null, phoneSignIn: false, signInProviders: [] }));
  return publicConfig;
}
