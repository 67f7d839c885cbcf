import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { appFrom, emailCodeStep, personWithApp, signedInEmail } from "./two-factor.test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

// better-auth reads the time from Date itself: the wall clock is held in the middle of a 30-second
// step, so "the previous step" is exactly that, however slowly the machine runs.
const STEP_MS = 30_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2);
});
const nextStep = () => vi.setSystemTime(Date.now() + STEP_MS);

const verifyApp = (browser: ReturnType<TestServer["browser"]>, code: string, trustDevice?: boolean) =>
  browser.post("/api/auth/two-factor/verify-totp", { code, trustDevice });

async function errorCode(response: Response) {
  return ((await response.json()) as { code?: string }).code;
}

describe("turning the authenticator app on", () => {
  it("is on only after a first code from the app, with 10 recovery codes", async () => {
    const browser = t.browser();
    const email = uniqueEmail();
    await emailCodeStep(browser, email);
    const status = async () =>
      (await (await browser.fetch("/api/auth/second-factor/status")).json()) as unknown;
    const enabled = await browser.post("/api/auth/two-factor/enable", {});
    expect(enabled.status).toBe(200);
    const body = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(body.totpURI).toMatch(/^otpauth:\/\/totp\/Commons:/);
    expect(body.backupCodes).toHaveLength(10);
    expect(new Set(body.backupCodes).size).toBe(10);
    // Set up but not confirmed: a sign-in elsewhere is not asked for it.
    expect(await status()).toEqual({
      enabled: false,
      app: false,
      text: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect((await emailCodeStep(t.browser(), email)).twoFactorRedirect).toBeUndefined();

    const wrong = await verifyApp(browser, "000000");
    expect(wrong.status).toBe(401);
    expect(await errorCode(wrong)).toBe("INVALID_CODE");
    // The session from before the second factor, with its fresh signed copy, as a copied pair.
    const before = Object.assign(t.browser(), { cookies: new Map(browser.cookies) });
    expect(await signedInEmail(before)).toBe(email);
    expect((await verifyApp(browser, appFrom(body.totpURI).code())).status).toBe(200);
    // Turning it on replaces the session: the old one stops at once, though its copy is fresh.
    expect(await signedInEmail(before)).toBeNull();
    expect(await status()).toEqual({
      enabled: true,
      app: true,
      text: null,
      recoveryCodesLeft: 10,
      required: false,
    });
    // The person stays signed in on the device that turned it on.
    expect(await signedInEmail(browser)).toBe(email);
  });
});

describe("the second step of a sign-in by email code", () => {
  it("asks for the app's code before there is a session, and signs in with the right one", async () => {
    const { email, app } = await personWithApp(t.browser());
    nextStep();
    const browser = t.browser();
    const first = await emailCodeStep(browser, email);
    expect(first).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await signedInEmail(browser)).toBeNull();
    const verified = await verifyApp(browser, app.code());
    expect(verified.status).toBe(200);
    expect(await signedInEmail(browser)).toBe(email);
  });

  it("refuses a wrong code with a stable code, and ends the sign-in after 5 wrong tries", async () => {
    const { email, app } = await personWithApp(t.browser());
    nextStep();
    const browser = t.browser();
    await emailCodeStep(browser, email);
    for (let i = 0; i < 5; i++) {
      const wrong = await verifyApp(browser, app.code(5));
      expect(wrong.status).toBe(401);
      expect(await errorCode(wrong)).toBe("INVALID_CODE");
    }
    const right = await verifyApp(browser, app.code());
    expect(right.status).toBe(400);
    expect(await errorCode(right)).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    expect(await signedInEmail(browser)).toBeNull();
  });

  it("refuses a code that was already accepted once", async () => {
    const { email, app } = await personWithApp(t.browser());
    nextStep();
    const laptop = t.browser();
    await emailCodeStep(laptop, email);
    const code = app.code();
    expect((await verifyApp(laptop, code)).status).toBe(200);

    const other = t.browser();
    await emailCodeStep(other, email);
    const replayed = await verifyApp(other, code);
    expect(replayed.status).toBe(401);
    expect(await errorCode(replayed)).toBe("CODE_ALREADY_USED");
    expect(await signedInEmail(other)).toBeNull();
    // The next code the app shows works.
    nextStep();
    expect((await verifyApp(other, app.code())).status).toBe(200);
  });

  it("accepts one step of clock skew either way, not two", async () => {
    const { email, app } = await personWithApp(t.browser());
    vi.setSystemTime(Date.now() + 10 * STEP_MS);
    const browser = t.browser();
    await emailCodeStep(browser, email);
    const tooOld = await verifyApp(browser, app.code(-2));
    expect(await errorCode(tooOld)).toBe("INVALID_CODE");
    const tooNew = await verifyApp(browser, app.code(2));
    expect(await errorCode(tooNew)).toBe("INVALID_CODE");
    expect((await verifyApp(browser, app.code(-1))).status).toBe(200);

    nextStep();
    const ahead = t.browser();
    await emailCodeStep(ahead, email);
    expect((await verifyApp(ahead, app.code(1))).status).toBe(200);
    expect(await signedInEmail(ahead)).toBe(email);
  });
});

describe("a second step that cannot go on", () => {
  it("is missing when no first step came before it", async () => {
    const answer = await verifyApp(t.browser(), "123456");
    expect(answer.status).toBe(401);
    expect(await errorCode(answer)).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("ends the second step when the account was deleted since the first step", async () => {
    const phone = t.browser();
    const { email, app, recoveryCodes } = await personWithApp(phone);
    nextStep();
    const laptop = t.browser();
    await emailCodeStep(laptop, email);

    const before = t.smtp.mails.length;
    expect((await phone.post("/api/account/deletion/code", {})).status).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) => t.smtp.mails.indexOf(m) >= before && m.to.includes(email) && /confirms deleting/.test(m.subject),
    );
    const code = mail.subject.match(/\d{6}/)?.[0];
    expect((await phone.post("/api/account/deletion", { code })).status).toBe(200);

    const byApp = await verifyApp(laptop, app.code());
    // The deletion forgot the step itself (decision 024): it can no longer be found.
    expect(byApp.status).toBe(401);
    expect(await errorCode(byApp)).toBe("INVALID_TWO_FACTOR_COOKIE");
    const byRecovery = await laptop.post("/api/auth/two-factor/verify-backup-code", {
      code: recoveryCodes[0],
    });
    expect(await errorCode(byRecovery)).toBe("INVALID_TWO_FACTOR_COOKIE");
    expect(await signedInEmail(laptop)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("sign in once each, and say how many are left", async () => {
    const { email, recoveryCodes } = await personWithApp(t.browser());
    const [first] = recoveryCodes;
    const browser = t.browser();
    await emailCodeStep(browser, email);
    const used = await browser.post("/api/auth/two-factor/verify-backup-code", { code: first });
    expect(used.status).toBe(200);
    expect(await signedInEmail(browser)).toBe(email);
    const status = await (await browser.fetch("/api/auth/second-factor/status")).json();
    expect(status).toEqual({ enabled: true, app: true, text: null, recoveryCodesLeft: 9, required: false });

    const again = t.browser();
    await emailCodeStep(again, email);
    const reused = await again.post("/api/auth/two-factor/verify-backup-code", { code: first });
    expect(reused.status).toBe(401);
    expect(await errorCode(reused)).toBe("INVALID_BACKUP_CODE");
    expect(await signedInEmail(again)).toBeNull();
  });

  it("are made anew only with a current code, and the old ones stop working", async () => {
    const person = await personWithApp(t.browser());
    nextStep();
    const browser = t.browser();
    await emailCodeStep(browser, person.email);
    await verifyApp(browser, person.app.code());
    const withoutCode = await browser.post("/api/auth/two-factor/generate-backup-codes", {});
    expect(await errorCode(withoutCode)).toBe("CODE_REQUIRED");
    // The code that just signed in is spent.
    const replayed = await browser.post("/api/auth/two-factor/generate-backup-codes", {
      code: person.app.code(),
    });
    expect(await errorCode(replayed)).toBe("CODE_ALREADY_USED");
    nextStep();
    const fresh = await browser.post("/api/auth/two-factor/generate-backup-codes", {
      code: person.app.code(),
    });
    expect(fresh.status).toBe(200);
    const { backupCodes } = (await fresh.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(person.recoveryCodes[0]);

    const later = t.browser();
    await emailCodeStep(later, person.email);
    const old = await later.post("/api/auth/two-factor/verify-backup-code", {
      code: person.recoveryCodes[1],
    });
    expect(await errorCode(old)).toBe("INVALID_BACKUP_CODE");
    expect(
      (await later.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).status,
    ).toBe(200);
  });
});

describe("trusting a device", () => {
  it("skips the second step on that device for 30 days, then asks again", async () => {
    const { email, app } = await personWithApp(t.browser());
    nextStep();
    const browser = t.browser();
    await emailCodeStep(browser, email);
    const trusted = await verifyApp(browser, app.code(), true);
    expect(trusted.status).toBe(200);
    const cookie = trusted.headers.getSetCookie().find((c) => c.includes("trust_device")) ?? "";
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/i);
    await browser.post("/api/auth/sign-out", {});
    expect(await signedInEmail(browser)).toBeNull();

    vi.setSystemTime(Date.now() + 29 * 24 * 3_600_000);
    expect((await emailCodeStep(browser, email)).user?.id).toBeTruthy();
    expect(await signedInEmail(browser)).toBe(email);
    // Another device is still asked.
    expect((await emailCodeStep(t.browser(), email)).twoFactorRedirect).toBe(true);

    await browser.post("/api/auth/sign-out", {});
    vi.setSystemTime(Date.now() + 30 * 24 * 3_600_000 + 60_000);
    expect((await emailCodeStep(browser, email)).twoFactorRedirect).toBe(true);
    expect(await signedInEmail(browser)).toBeNull();
  });
});

describe("turning the second factor off", () => {
  it("needs a current code, then sign-ins no longer ask", async () => {
    const person = await personWithApp(t.browser());
    nextStep();
    const browser = t.browser();
    await emailCodeStep(browser, person.email);
    await verifyApp(browser, person.app.code());
    nextStep();
    const wrong = await browser.post("/api/auth/two-factor/disable", { code: person.app.code(3) });
    expect(wrong.status).toBe(401);
    expect(await errorCode(wrong)).toBe("INVALID_CODE");
    const off = await browser.post("/api/auth/two-factor/disable", { code: person.app.code() });
    expect(off.status).toBe(200);
    expect(await signedInEmail(browser)).toBe(person.email);
    expect(await (await browser.fetch("/api/auth/second-factor/status")).json()).toEqual({
      enabled: false,
      app: false,
      text: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const next = await emailCodeStep(t.browser(), person.email);
    expect(next.twoFactorRedirect).toBeUndefined();
    expect(next.user?.id).toBeTruthy();
  });

  it("can be done with a recovery code when the app is lost", async () => {
    const person = await personWithApp(t.browser());
    const browser = t.browser();
    await emailCodeStep(browser, person.email);
    await browser.post("/api/auth/two-factor/verify-backup-code", { code: person.recoveryCodes[0] });
    const reused = await browser.post("/api/auth/two-factor/disable", { code: person.recoveryCodes[0] });
    expect(await errorCode(reused)).toBe("INVALID_BACKUP_CODE");
    expect(
      (await browser.post("/api/auth/two-factor/disable", { code: person.recoveryCodes[1] })).status,
    ).toBe(200);
  });
});
