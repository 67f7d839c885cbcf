import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthError } from "#client/lib/auth-client.ts";
import { authProblemOf, describeAuthError, logAuthProblem } from "./auth-error-messages.ts";

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

  it("keeps an unknown code for support behind a general sentence", () => {
    expect(describeAuthError("state_mismatch", { provider: "GitHub" })).toEqual({
      code: "state_mismatch",
      message: "Signing in with GitHub didn't finish. Please try again, or sign in with an email code.",
    });
  });

  it("describes a network failure from the auth client as the seed's network error", () => {
    const offline = new AuthError("Could not reach the server.", "NETWORK_ERROR", 0);
    expect(authProblemOf(offline).code).toBe("auth/network-request-failed");
    expect(authProblemOf(new Error("boom")).code).toBe("auth/internal-error");
  });

  it("logs the code for whoever helps the person", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    logAuthProblem(describeAuthError("auth/popup-blocked"));
    expect(log).toHaveBeenCalledWith("Sign-in problem: auth/popup-blocked");
  });
});
