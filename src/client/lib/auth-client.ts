export type AuthUser = { id: string; name: string; email: string; image: string | null };
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

async function call(path: string, payload?: unknown): Promise<Body> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method: payload ? "POST" : "GET",
      credentials: "include",
      headers: payload ? { "content-type": "application/json" } : undefined,
      body: payload ? JSON.stringify(payload) : undefined,
    });
  } catch {
    throw new AuthError("Could not reach the server. Check your connection.", "NETWORK_ERROR", 0);
  }
  const body: Body = await response.json().catch(() => null);
  if (response.ok) return body;
  const { status } = response;
  throw new AuthError(
    typeof body?.message === "string" ? body.message : `Request failed (${status})`,
    typeof body?.code === "string" ? body.code : status === 429 ? "RATE_LIMITED" : "UNKNOWN",
    status,
    status === 429 ? retryAfterOf(response, body) : undefined,
  );
}

function userOf(body: Body): AuthUser | null {
  const user = body?.user as Partial<AuthUser> | null | undefined;
  if (typeof user?.id !== "string" || typeof user.email !== "string") return null;
  return { id: user.id, email: user.email, name: user.name ?? "", image: user.image ?? null };
}

export async function getSession(): Promise<AuthSession | null> {
  const user = userOf(await call("get-session"));
  return user ? { user } : null;
}

export async function sendSignInCode(email: string): Promise<void> {
  await call("email-otp/send-verification-otp", { email, type: "sign-in" });
}

export async function verifySignInCode(email: string, otp: string): Promise<AuthUser | null> {
  return userOf(await call("sign-in/email-otp", { email, otp }));
}

export async function updateUser(changes: { name?: string; image?: string | null }): Promise<void> {
  await call("update-user", changes);
}

export async function signOut(): Promise<void> {
  await call("sign-out", {});
}

export async function signInWithGoogleIdToken(token: string): Promise<void> {
  await call("sign-in/social", { provider: "google", idToken: { token } });
}

export type PublicConfig = { googleClientId: string | null };
let publicConfig: Promise<PublicConfig> | undefined;

/** Fetched once per page load; a failure means "no Google button", never a broken login page. */
export function getPublicConfig(): Promise<PublicConfig> {
  publicConfig ??= fetch("/api/config")
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { googleClientId?: unknown } | null) => ({
      googleClientId:
        typeof body?.googleClientId === "string" && body.googleClientId ? body.googleClientId : null,
    }))
    .catch(() => ({ googleClientId: null }));
  return publicConfig;
}
