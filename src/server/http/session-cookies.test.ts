import { describe, expect, it } from "vitest";
import {
  hasSessionToken,
  isSignedOut,
  readFromDatabase,
  sessionCookies,
  signedCopyExpiry,
} from "./session-cookies.ts";

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

describe("telling a session read from the database by better-auth's answer", () => {
  const answered = (...cookies: string[]) => {
    const headers = new Headers();
    for (const cookie of cookies) headers.append("set-cookie", cookie);
    return headers;
  };

  it("counts a fresh signed copy, and not a cleared one or none", () => {
    expect(
      readFromDatabase(answered("better-auth.session_data=eyJzZXNz; Max-Age=60; Path=/; HttpOnly")),
    ).toBe(true);
    expect(readFromDatabase(answered("__Secure-better-auth.session_data=eyJzZXNz; Max-Age=60; Path=/"))).toBe(
      true,
    );
    expect(
      readFromDatabase(
        answered(
          "better-auth.session_data=; Max-Age=0; Path=/",
          "better-auth.session_data=eyJzZXNz; Max-Age=60; Path=/",
        ),
      ),
    ).toBe(true);
    expect(readFromDatabase(answered("better-auth.session_data=; Max-Age=0; Path=/"))).toBe(false);
    expect(readFromDatabase(answered("better-auth.session_token=tok.sig; Max-Age=2592000; Path=/"))).toBe(
      false,
    );
    expect(readFromDatabase(answered())).toBe(false);
    // A copy split over several cookies is not recognised: such a session is kept only a moment.
    expect(readFromDatabase(answered("better-auth.session_data.0=eyJzZXNz; Max-Age=60; Path=/"))).toBe(false);
  });
});

describe("reading when a signed copy runs out", () => {
  const copy = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64url");

  const name = "better-auth.session_data";
  const secure = "__Secure-better-auth.session_data";

  it("reads the time from better-auth's compact copy under the cookie name better-auth reads", () => {
    const value = copy({
      session: { session: {}, user: {} },
      expiresAt: 1_700_000_060_000,
      signature: "sig",
    });
    expect(signedCopyExpiry(`theme=dark; better-auth.session_token=tok.sig; ${name}=${value}`, name)).toBe(
      1_700_000_060_000,
    );
    expect(signedCopyExpiry(`${secure}=${value}`, secure)).toBe(1_700_000_060_000);
  });

  it("knows no time for a header without a copy, a split copy or a copy in another form", () => {
    const value = copy({ expiresAt: 1_700_000_060_000 });
    for (const header of [
      "",
      "better-auth.session_token=tok.sig",
      `${name}.0=${value}`,
      `${name}=eyJhbGciOiJIUzI1NiJ9.e30.sig`,
      `${name}=${copy({ expiresAt: "soon" })}`,
      `note=x${value}`,
    ])
      expect(signedCopyExpiry(header, name), header).toBeNull();
  });

  it("knows no time when the header holds a copy better-auth may not have read", () => {
    const forged = copy({ expiresAt: 9_999_999_999_999 });
    const real = copy({ expiresAt: 1_700_000_060_000 });
    for (const header of [
      // Another name first, the one better-auth reads second.
      `better-auth.session_data=${forged}; ${secure}=${real}`,
      `x.session_data=${forged}; ${secure}=${real}`,
      // Two under the same name, or a whole copy beside chunks.
      `${secure}=${forged}; ${secure}=${real}`,
      `${secure}=${forged}; ${secure}.0=${real}`,
      // One copy, under a name better-auth does not read.
      `better-auth.session_data=${forged}`,
    ])
      expect(signedCopyExpiry(header, secure), header).toBeNull();
  });
});
