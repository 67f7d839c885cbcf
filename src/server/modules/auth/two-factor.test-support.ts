import { expect } from "vitest";
import { type TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { decodeBase32, totpCode, totpStep } from "./totp.ts";

export type SignInAnswer = {
  twoFactorRedirect?: boolean;
  twoFactorMethods?: string[];
  user?: { id: string };
};

/** The email-code step of a sign-in; answers what better-auth said (the second step, or the user). */
export async function emailCodeStep(browser: TestBrowser, email: string): Promise<SignInAnswer> {
  const before = browser.smtp.mails.length;
  const sent = await browser.sendCode(email);
  expect(sent.status).toBe(200);
  const verified = await browser.verify(email, await browser.smtp.codeFor(email, before));
  expect(verified.status).toBe(200);
  return (await verified.json()) as SignInAnswer;
}

export async function signedInEmail(browser: TestBrowser): Promise<string | null> {
  const body = (await (await browser.fetch("/api/auth/get-session")).json()) as {
    user?: { email: string };
  } | null;
  return body?.user?.email ?? null;
}

/** An authenticator app: the key from the QR code's address, and the code it shows `steps` 30-second steps from now. */
export type App = { key: Uint8Array; code(steps?: number): string };

export function appFrom(totpURI: string): App {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const key = decodeBase32(secret);
  return { key, code: (steps = 0) => totpCode(key, totpStep(Date.now()) + steps) };
}

/** Signs a new person in and turns the authenticator app on (set-up and first code). */
export async function personWithApp(browser: TestBrowser, email = uniqueEmail("2fa")) {
  await emailCodeStep(browser, email);
  const enabled = await browser.post("/api/auth/two-factor/enable", {});
  expect(enabled.status).toBe(200);
  const body = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const app = appFrom(body.totpURI);
  const confirmed = await browser.post("/api/auth/two-factor/verify-totp", { code: app.code() });
  expect(confirmed.status).toBe(200);
  return { email, app, recoveryCodes: body.backupCodes, totpURI: body.totpURI };
}
