import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { finishGoogleSignIn } from "./google-sign-in.ts";

function serverAnswers(answer: () => Response) {
  const asked: unknown[] = [];
  server.use(
    http.post("/api/auth/sign-in/social", async ({ request }) => {
      asked.push(await request.json());
      return answer();
    }),
  );
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe("signing in with the ID token Google's button answered", () => {
  it("hands the token to the server, then carries on", async () => {
    const asked = serverAnswers(() => HttpResponse.json({ user: { id: "u1", email: "ada@example.com" } }));
    const carryOn = vi.fn(() => Promise.resolve());

    expect(await finishGoogleSignIn("google-id-token", carryOn)).toBeNull();
    expect(asked).toEqual([{ provider: "google", idToken: { token: "google-id-token" } }]);
    expect(carryOn).toHaveBeenCalledOnce();
  });

  it("says why the server refused, with the code for support, and does not carry on", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    serverAnswers(() =>
      HttpResponse.json({ code: "RATE_LIMITED" }, { status: 429, headers: { "retry-after": "30" } }),
    );
    const carryOn = vi.fn(() => Promise.resolve());

    expect(await finishGoogleSignIn("google-id-token", carryOn)).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts from this network. You can try again in 30 seconds.",
    });
    expect(carryOn).not.toHaveBeenCalled();
    expect(log.mock.calls).toEqual([["Sign-in problem: RATE_LIMITED"]]);
  });

  it("says so when Google answered no account, without asking the server", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const asked = serverAnswers(() => HttpResponse.json({}));
    const carryOn = vi.fn(() => Promise.resolve());

    expect(await finishGoogleSignIn(undefined, carryOn)).toEqual({
      code: "auth/invalid-app-credential",
      message: "Google did not return an account. Please try again.",
    });
    expect(asked).toEqual([]);
    expect(carryOn).not.toHaveBeenCalled();
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/invalid-app-credential"]]);
  });
});
