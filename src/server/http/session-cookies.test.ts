import { describe, expect, it } from "vitest";
import { hasSessionToken, isSignedOut, sessionCookies } from "./session-cookies.ts";

const withCookie = (cookie: string | null) => ({ get: () => cookie });

describe("telling signed-in requests from signed-out ones", () => {
  const signedIn = [
    "better-auth.session_token=tok.sig",
    "theme=dark; better-auth.session_token=tok.sig",
    "theme=dark;better-auth.session_token=tok.sig; better-auth.session_data=abc",
    "__Secure-better-auth.session_token=tok.sig",
    "better-auth.session_data=abc; session_token=tok",
  ];
  const signedOut = [
    null,
    "",
    "theme=dark",
    "better-auth.session_data=abc",
    "note=better-auth.session_token=tok",
    " better-auth.session_token=tok",
    "better-auth.session_token_old=tok",
  ];

  it("counts a request as signed in only when it carries better-auth's session token", () => {
    for (const cookie of signedIn) expect(isSignedOut(withCookie(cookie)), cookie).toBe(false);
    for (const cookie of signedOut) expect(isSignedOut(withCookie(cookie)), String(cookie)).toBe(true);
  });

  it("agrees with the viewer reader, which lists the session cookies to look the viewer up", () => {
    for (const cookie of [...signedIn, ...signedOut]) {
      const listed = hasSessionToken(sessionCookies(cookie ?? ""));
      expect(isSignedOut(withCookie(cookie)), String(cookie)).toBe(!listed);
    }
  });
});
