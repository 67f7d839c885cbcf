import { HttpResponse, http, type JsonBodyType } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { savePendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { AuthError, call, sendSignInCode } from "#client/lib/auth-client.ts";
import { server } from "#client/test-network.ts";
import { authProblemOf, describeAuthError, logAuthProblem, signInFailed } from "./auth-error-messages.ts";

const SEED_CODES = [
  "auth/account-exists-with-different-credential",
  "auth/multi-factor-auth-required",
  "auth/missing-multi-factor-info",
  "auth/popup-blocked",
  "auth/popup-closed-by-user",
  "auth/cancelled-popup-request",
  "auth/network-request-failed",
  "auth/invalid-app-credential",
  "auth/user-not-found",
  "auth/unauthorized-domain",
  "auth/web-storage-unsupported",
  "auth/internal-error",
];

afterEach(() => vi.restoreAllMocks());

/** What the auth client throws when `path` answers `status` with `body`. */
async function failureOf(path: string, status: number, body: JsonBodyType): Promise<unknown> {
  server.use(http.post(`/api/auth/${path}`, () => HttpResponse.json(body, { status })));
  return call(path, {}).then(
    () => null,
    (caught: unknown) => caught,
  );
}

const codeOf = async (failure: Promise<unknown> | unknown) => authProblemOf(await failure).code;

describe("the identity error catalogue", () => {
  it("has a sentence of its own for each of the seed's codes, keeping the code", () => {
    const fallback = describeAuthError("something-unheard-of").message;
    const messages = SEED_CODES.map((code) => {
      const problem = describeAuthError(code, { provider: "GitHub" });
      expect(problem.code).toBe(code);
      expect(problem.message).not.toBe(fallback);
      expect(problem.message).toMatch(/^[A-Z].*\.$/);
      return problem.message;
    });
    expect(new Set(messages).size).toBe(SEED_CODES.length);
  });

  it("says what to do when the email already has an account, naming the provider", () => {
    expect(describeAuthError("account_not_linked", { provider: "Facebook" })).toEqual({
      code: "auth/account-exists-with-different-credential",
      message:
        "This email already has a Commons account that signs in with an email code. Sign in that way, then link Facebook from your profile.",
    });
  });

  it("explains a cancelled consent and a provider that shares no address", () => {
    expect(describeAuthError("access_denied", { provider: "GitHub" }).message).toBe(
      "You cancelled signing in with GitHub. Nothing was changed.",
    );
    expect(describeAuthError("email_not_found", { provider: "X" }).message).toMatch(
      /^X didn't share a confirmed email address/,
    );
  });

  it("says a Google account linked elsewhere cannot be linked here too", () => {
    expect(describeAuthError("SOCIAL_ACCOUNT_ALREADY_LINKED", { provider: "Google" }).message).toBe(
      "That Google account is already linked to another Commons account. Sign in with it there, or unlink it there first.",
    );
  });

  it("keeps an unknown code for support behind a general sentence", () => {
    expect(describeAuthError("state_mismatch", { provider: "GitHub" })).toEqual({
      code: "state_mismatch",
      message: "Signing in with GitHub didn't finish. Please try again, or sign in with an email code.",
    });
  });

  it("logs the code once for whoever helps the person", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    logAuthProblem(describeAuthError("auth/popup-blocked"));
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/popup-blocked"]]);
  });
});

// auth/popup-blocked, auth/popup-closed-by-user and auth/cancelled-popup-request come from the
// sign-in window itself (features/auth/sign-in-window.test.ts).
describe("what actually goes wrong, as the seed's codes", () => {
  it("a provider sending the person back, or a sign-in that needs its second step", async () => {
    expect(describeAuthError("account_not_linked").code).toBe(
      "auth/account-exists-with-different-credential",
    );
    expect(await codeOf(failureOf("sign-in/email-otp", 200, { twoFactorRedirect: true }))).toBe(
      "auth/multi-factor-auth-required",
    );
  });

  it("a second step that expired, was never started, or whose account is gone", async () => {
    const expired = failureOf("two-factor/verify-totp", 401, {
      code: "INVALID_TWO_FACTOR_COOKIE",
      message: "Invalid two factor cookie",
    });
    expect(await codeOf(expired)).toBe("auth/missing-multi-factor-info");
    const gone = failureOf("two-factor/verify-totp", 401, { code: "USER_NOT_FOUND" });
    expect(await codeOf(gone)).toBe("auth/user-not-found");
    const passkeyGone = failureOf("passkey/verify-authentication", 401, { code: "PASSKEY_NOT_FOUND" });
    expect(await codeOf(passkeyGone)).toBe("auth/user-not-found");
  });

  it("the server unreachable, a chunk of the app that could not load, and no answer in time", async () => {
    server.use(http.post("/api/auth/sign-out", () => HttpResponse.error()));
    expect(await codeOf(call("sign-out", {}).catch((caught: unknown) => caught))).toBe(
      "auth/network-request-failed",
    );
    const chunk = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    expect(authProblemOf(chunk).code).toBe("auth/network-request-failed");

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.use(http.post("/api/auth/sign-in/social", () => new Promise<never>(() => {})));
    const waiting = call("sign-in/social", {}).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(30_000);
    const late = await waiting;
    expect(late).toMatchObject({ code: "TIMEOUT" });
    expect(authProblemOf(late)).toEqual({
      code: "auth/network-request-failed",
      message: "Could not reach the server. Check your connection and try again.",
    });
  });

  it("the server's database out of reach for a moment: a sentence saying so, not a general failure", async () => {
    const failure = await failureOf("email-otp/send-verification-otp", 503, {
      code: "UNAVAILABLE",
      message: "The service is briefly unavailable. Please try again in a moment.",
    });
    expect(authProblemOf(failure)).toEqual({
      code: "UNAVAILABLE",
      message: "Commons is briefly unavailable. Please try again in a moment.",
    });
  });

  it("sending a code waits the seed's long time-out, 60 s, for the mail to go", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.use(http.post("/api/auth/email-otp/send-verification-otp", () => new Promise<never>(() => {})));
    let ended: unknown = null;
    const sending = sendSignInCode("ada@example.com").catch((caught: unknown) => {
      ended = caught;
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ended).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    await sending;
    expect(ended).toMatchObject({ code: "TIMEOUT" });
  });

  it("Google's token refused, Google not set up, or a passkey challenge that expired", async () => {
    const refused = failureOf("sign-in/social", 401, { code: "INVALID_TOKEN", message: "Invalid token" });
    expect(authProblemOf(await refused, { provider: "Google" })).toEqual({
      code: "auth/invalid-app-credential",
      message:
        "Commons could not check this sign-in with Google. Reload the page and try again, or sign in with an email code.",
    });
    expect(await codeOf(failureOf("sign-in/social", 404, { code: "PROVIDER_NOT_FOUND" }))).toBe(
      "auth/invalid-app-credential",
    );
    const challenge = failureOf("passkey/verify-authentication", 400, { code: "CHALLENGE_NOT_FOUND" });
    expect(await codeOf(challenge)).toBe("auth/invalid-app-credential");
  });

  it("a page or an address to come back to that the server does not trust", async () => {
    expect(await codeOf(failureOf("sign-in/email-otp", 403, { code: "INVALID_ORIGIN" }))).toBe(
      "auth/unauthorized-domain",
    );
    expect(await codeOf(failureOf("sign-in/social", 403, { code: "INVALID_CALLBACK_URL" }))).toBe(
      "auth/unauthorized-domain",
    );
    expect(describeAuthError("INVALID_ERROR_CALLBACK_URL").code).toBe("auth/unauthorized-domain");
  });

  it("storage the browser blocks", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    let blocked: unknown = null;
    try {
      savePendingSignIn("ada@example.com");
    } catch (caught) {
      blocked = caught;
    }
    expect(authProblemOf(blocked).code).toBe("auth/web-storage-unsupported");
  });

  it("the server failing on its side, an answer that is not its own, or anything unforeseen", async () => {
    expect(await codeOf(failureOf("sign-in/email-otp", 500, { message: "boom" }))).toBe(
      "auth/internal-error",
    );
    server.use(http.post("/api/auth/sign-out", () => new HttpResponse("<html>", { status: 502 })));
    expect(await codeOf(call("sign-out", {}).catch((caught: unknown) => caught))).toBe("auth/internal-error");
    expect(authProblemOf(new Error("boom")).code).toBe("auth/internal-error");
  });
});

describe("a screen's own words", () => {
  const words = (error: AuthError) => (error.code === "TEXT_UNAVAILABLE" ? error.message : undefined);

  it("come first, keeping the server's code when no seed code says the same", () => {
    const unavailable = new AuthError("Texts can't be sent right now.", "TEXT_UNAVAILABLE", 503);
    expect(authProblemOf(unavailable, {}, words)).toEqual({
      code: "TEXT_UNAVAILABLE",
      message: "Texts can't be sent right now.",
    });
  });

  it("leave the rest to the catalogue, and the failure is logged once", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = new AuthError("Could not reach the server.", "NETWORK_ERROR", 0);
    expect(signInFailed(offline, words).code).toBe("auth/network-request-failed");
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/network-request-failed"]]);
  });
});
