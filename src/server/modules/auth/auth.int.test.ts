import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, verification } from "#server/db/schema.ts";
import { signedCopyExpiry } from "#server/http/session-cookies.ts";
import {
  createTestDatabase,
  startTestServer,
  type TestBrowser,
  type TestServer,
  uniqueEmail,
} from "#server/test/harness.ts";
import { CODES_PER_EMAIL } from "./code-limits.service.ts";
import { createSessionRevocations, SESSION_CACHE_SECONDS } from "./session-revocation.service.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const codeRow = (email: string) =>
  t.server.database.db
    .select()
    .from(verification)
    .where(like(verification.identifier, `%${email}%`));

describe("sign-in with an emailed code", () => {
  it("mails a 6-digit code, signs in with it and sets an httpOnly SameSite=Lax session cookie", async () => {
    const browser = t.browser();
    const email = uniqueEmail();
    const sent = await browser.sendCode(email);
    expect(sent.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    const code = mail.subject.match(/\d{6}/)?.[0] as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain("expires in 10 minutes");

    const verified = await browser.verify(email, code);
    expect(verified.status).toBe(200);
    const cookie = verified.headers.getSetCookie().find((c) => c.includes("session_token")) as string;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const current = (await (await browser.fetch("/api/auth/get-session")).json()) as {
      user: { email: string; name: string };
    };
    expect(current.user.email).toBe(email);
    // A first-time user has no name yet: the client asks for it once.
    expect(current.user.name).toBe("");
  });

  it("stores the code hashed and lets it expire within 10 minutes", async () => {
    const browser = t.browser();
    const email = uniqueEmail();
    await browser.sendCode(email);
    const code = await t.smtp.codeFor(email);
    const [row] = await codeRow(email);
    expect(row?.value).not.toContain(code);
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it("refuses a wrong code, and an expired one with its own error", async () => {
    const browser = t.browser();
    const email = uniqueEmail();
    await browser.sendCode(email);
    const code = await t.smtp.codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await browser.verify(email, wrong);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "INVALID_OTP" });

    await t.server.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `%${email}%`));
    const expired = await browser.verify(email, code);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: "OTP_EXPIRED" });
    expect(browser.cookies.size).toBe(0);
  });

  it("burns the code after 5 wrong tries: even the right code is then refused", async () => {
    const browser = t.browser();
    const email = uniqueEmail();
    await browser.sendCode(email);
    const code = await t.smtp.codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(((await (await browser.verify(email, wrong)).json()) as { code: string }).code);
    expect(codes).toEqual(["INVALID_OTP", "INVALID_OTP", "INVALID_OTP", "INVALID_OTP", "INVALID_OTP"]);
    const afterLimit = await browser.verify(email, code);
    expect(afterLimit.status).toBe(403);
    expect(await afterLimit.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
  });

  it("limits codes per email address strictly, whatever address the requests come from", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < CODES_PER_EMAIL.max; i++) {
      expect((await t.browser().sendCode(email)).status).toBe(200);
    }
    const refused = await t.browser().sendCode(email);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; retryAfter: number };
    expect(body.code).toBe("RATE_LIMITED_EMAIL");
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone else on the same network is not affected.
    const neighbour = t.browser();
    expect((await neighbour.sendCode(uniqueEmail())).status).toBe(200);
  });

  it("mails codes only through the sign-in and address-change routes: password-reset and other unused routes are gone", async () => {
    const browser = t.browser();
    const email = uniqueEmail("reset");
    await browser.signIn(email, "Rita Reset");
    const mailsTo = () => t.smtp.mails.filter((mail) => mail.to.includes(email)).length;
    const before = mailsTo();
    const probes: [string, unknown][] = [
      ["/api/auth/request-password-reset", { email, redirectTo: "/" }],
      ["/api/auth/forget-password/email-otp", { email }],
      ["/api/auth/email-otp/request-password-reset", { email }],
      [
        "/api/auth/sign-up/email",
        { email: uniqueEmail("signup"), password: "long-enough-password", name: "X" },
      ],
      ["/api/auth/delete-user", {}],
      ["/api/auth/change-email", { newEmail: uniqueEmail("other") }],
    ];
    for (let round = 0; round < CODES_PER_EMAIL.max + 1; round++) {
      for (const [route, body] of probes) {
        const response = await browser.post(route, body);
        expect({ route, status: response.status }).toEqual({ route, status: 404 });
        expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
      }
    }
    // The sessions list is /me's own shape (http/session-routes.ts): sessions by id, no tokens.
    const listed = (await (await browser.fetch("/api/auth/list-sessions")).json()) as { sessions: object[] };
    expect(listed.sessions).toHaveLength(1);
    expect(Object.keys(listed.sessions[0] ?? {})).not.toContain("token");
    // Every response above has been answered, so any mail they sent has already been accepted.
    expect(mailsTo()).toBe(before);
  });

  it("sends sign-in codes only: other code types are refused without a mail", async () => {
    const email = uniqueEmail("types");
    const browser = t.browser();
    await browser.signIn(email, "Tia Types");
    const before = t.smtp.mails.filter((mail) => mail.to.includes(email)).length;
    for (const type of ["forget-password", "email-verification", "change-email"]) {
      const sent = await browser.post("/api/auth/email-otp/send-verification-otp", { email, type });
      expect({ type, status: sent.status }).toEqual({ type, status: 400 });
      expect(await sent.json()).toMatchObject({ code: "BAD_USER_INPUT" });
    }
    expect(t.smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(before);
  });

  it("lets many guests behind one address sign in (a venue's Wi-Fi)", async () => {
    const address = t.browser().address;
    for (let i = 0; i < 12; i++) {
      const guest = t.browser();
      Object.assign(guest, { address });
      expect((await guest.sendCode(uniqueEmail("guest"))).status).toBe(200);
    }
  });

  it("keeps people behind one address signed in however often their pages ask for the session", async () => {
    const address = t.browser().address;
    const people = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const person = Object.assign(t.browser(), { address });
        await person.signIn(uniqueEmail(`venue${i}`), `Venue Person ${i}`);
        return person;
      }),
    );
    // Above the general per-address allowance of 120 a minute.
    for (let round = 0; round < 50; round++) {
      for (const [i, person] of people.entries()) {
        const response = await person.fetch("/api/auth/get-session");
        expect(response.status).toBe(200);
        if (round === 49)
          expect(await response.json()).toMatchObject({ user: { name: `Venue Person ${i}` } });
      }
    }
  });

  it("signs out on the server: the session row is gone and the cookie cleared", async () => {
    const browser = t.browser();
    const user = await browser.signIn();
    const signedOut = await browser.post("/api/auth/sign-out", {});
    expect(signedOut.status).toBe(200);
    expect(await t.server.database.db.select().from(session).where(eq(session.userId, user.id))).toHaveLength(
      0,
    );
    expect(await (await browser.fetch("/api/auth/get-session")).json()).toBeNull();
  });

  it("refuses state-changing requests from other origins or without one", async () => {
    const browser = t.browser();
    const evil = await browser.post(
      "/api/auth/email-otp/send-verification-otp",
      { email: uniqueEmail(), type: "sign-in" },
      { origin: "https://evil.example" },
    );
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ code: "FORBIDDEN_ORIGIN" });
    const bare = await fetch(`${t.url}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { id } }" }),
    });
    expect(bare.status).toBe(403);
  });
});

describe("profile fields set through better-auth", () => {
  it("refuses a 600,000-character name, a name with newlines and a javascript: image", async () => {
    const browser = t.browser();
    const email = uniqueEmail("profile");
    await browser.signIn(email, "Pia Profile");
    const probes: [Record<string, unknown>, string][] = [
      [{ name: "x".repeat(600_000) }, "TOO_LONG"],
      [{ name: "Pia\n\n--- Mail to admin@example.test ---\nSubject: reset" }, "INVALID_CHARACTERS"],
      [{ name: "   " }, "REQUIRED"],
      [{ image: "javascript:alert(1)" }, "INVALID_IMAGE"],
      [{ image: "data:image/svg+xml;base64,PHN2Zz4=" }, "INVALID_IMAGE"],
    ];
    for (const [changes, code] of probes) {
      const response = await browser.post("/api/auth/update-user", changes);
      expect({ code, status: response.status }).toEqual({ code, status: 400 });
      expect(await response.json()).toMatchObject({ code });
    }
    const current = (await (await browser.fetch("/api/auth/get-session")).json()) as {
      user: { name: string; image: string | null };
    };
    expect(current.user).toMatchObject({ name: "Pia Profile", image: null });

    const avatar = "/api/storage/v0/b/avatars/o/u%2Fphoto.webp?alt=media&token=abc";
    expect((await browser.post("/api/auth/update-user", { name: "  Pia Lane ", image: avatar })).status).toBe(
      200,
    );
    const updated = (await (await browser.fetch("/api/auth/get-session?disableCookieCache=true")).json()) as {
      user: { name: string; image: string | null };
    };
    expect(updated.user).toMatchObject({ name: "Pia Lane", image: avatar });
  });
});

describe("sessions", () => {
  const copyOf = (browser: TestBrowser) => Object.assign(t.browser(), { cookies: new Map(browser.cookies) });
  const sessionOf = async (browser: TestBrowser) => (await browser.fetch("/api/auth/get-session")).json();

  it("stop at once after sign-out, even for a copied cookie pair the cache would still accept", async () => {
    const browser = t.browser();
    const signedInAt = Date.now();
    await browser.signIn(uniqueEmail("copied"), "Cody Copied");
    expect([...browser.cookies.keys()].some((name) => name.endsWith("session_data"))).toBe(true);
    // Each process keeps the viewer while this copy lives (viewer-reader.ts): it says when that is.
    const header = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const copyEnds = signedCopyExpiry(header, "better-auth.session_data") ?? 0;
    expect(copyEnds).toBeGreaterThan(signedInAt);
    expect(copyEnds).toBeLessThanOrEqual(Date.now() + SESSION_CACHE_SECONDS * 1000);
    const thief = copyOf(browser);
    expect(await sessionOf(thief)).toMatchObject({ user: { name: "Cody Copied" } });

    expect((await browser.post("/api/auth/sign-out", {})).status).toBe(200);
    // Someone replaying the pair ignores the server's requests to delete the cookies.
    expect(await sessionOf(copyOf(thief))).toBeNull();
    expect((await copyOf(thief).graphql("{ viewer { id email } }")).data).toEqual({ viewer: null });
    const rename = await copyOf(thief).post("/api/auth/update-user", { name: "Mallory" });
    expect(rename.status).toBe(401);
    expect(await rename.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("stop everywhere at once when a person signs out everywhere", async () => {
    const email = uniqueEmail("everywhere");
    const laptop = t.browser();
    const phone = t.browser();
    await laptop.signIn(email, "Eve Everywhere");
    await phone.signIn(email);
    const phoneCopy = copyOf(phone);
    expect(await sessionOf(phoneCopy)).toMatchObject({ user: { email } });

    expect((await laptop.post("/api/auth/revoke-sessions", {})).status).toBe(200);
    for (const browser of [laptop, phone, phoneCopy]) {
      expect(await sessionOf(browser)).toBeNull();
      expect((await browser.graphql("{ viewer { id } }")).data).toEqual({ viewer: null });
    }
  });

  it("tell other processes sharing the database which sessions were ended", async () => {
    const browser = t.browser();
    await browser.signIn(uniqueEmail("shared"));
    const { session: current } = (await sessionOf(browser)) as { session: { id: string } };
    const otherProcess = createSessionRevocations(t.server.database.db);
    await otherProcess.refresh();
    expect(otherProcess.isRevoked(current.id)).toBe(false);
    await browser.post("/api/auth/sign-out", {});
    await otherProcess.refresh();
    expect(otherProcess.isRevoked(current.id)).toBe(true);
  });

  // On PGlite the data lives in a directory on disk; on PostgreSQL, in a database both servers open.
  it("survive a server restart", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "commons-restart-"));
    const kept = process.env.DATABASE_URL ? await createTestDatabase() : null;
    const where = kept ? { database: kept } : { dataDir };
    try {
      const first = await startTestServer({ ...where, smtp: t.smtp });
      const browser = first.browser();
      const user = await browser.signIn(uniqueEmail(), "Ada Restart");
      await first.close();
      const second = await startTestServer({ ...where, smtp: t.smtp });
      try {
        const again = Object.assign(second.browser(), { cookies: browser.cookies });
        const current = (await (await again.fetch("/api/auth/get-session")).json()) as {
          user: { id: string };
        };
        expect(current.user.id).toBe(user.id);
      } finally {
        await second.close();
      }
    } finally {
      await kept?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
