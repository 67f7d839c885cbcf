import { randomInt } from "node:crypto";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { phoneOverridesOf, startTwilioStandin, type TwilioStandin } from "./twilio-standin.test-support.ts";
import { personWithApp, signedInEmail } from "./two-factor.test-support.ts";

let twilio: TwilioStandin;
let t: TestServer;
beforeAll(async () => {
  twilio = await startTwilioStandin();
  t = await startTestServer({
    overrides: phoneOverridesOf(twilio),
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  await twilio.close();
});

async function textedCode(browser: TestBrowser, phoneNumber: string) {
  const before = twilio.texts.length;
  expect((await browser.post("/api/auth/phone-number/send-otp", { phoneNumber })).status).toBe(200);
  return twilio.codeFor(phoneNumber, before);
}

it("a sign-in by phone code asks for the second factor; adding the number on /me did not", async () => {
  // Held mid-step (better-auth reads Date): the set-up's code and the sign-in's are a step apart.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
  const account = t.browser();
  const { email, app } = await personWithApp(account);
  const phoneNumber = `+447400${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const added = await account.post("/api/auth/phone-number/verify", {
    phoneNumber,
    code: await textedCode(account, phoneNumber),
    updatePhoneNumber: true,
  });
  expect(added.status).toBe(200);
  expect(await signedInEmail(account)).toBe(email);
  vi.setSystemTime(Date.now() + 30_000);

  const browser = t.browser();
  const first = await browser.post("/api/auth/phone-number/verify", {
    phoneNumber,
    code: await textedCode(browser, phoneNumber),
  });
  expect(first.status).toBe(200);
  // The app, or a code texted to the number just verified.
  expect(await first.json()).toEqual({
    twoFactorRedirect: true,
    twoFactorMethods: ["totp", "otp"],
    phoneHint: `+44 •••• ••${phoneNumber.slice(-4)}`,
  });
  expect(await signedInEmail(browser)).toBeNull();
  expect((await browser.post("/api/auth/two-factor/verify-totp", { code: app.code() })).status).toBe(200);
  expect(await signedInEmail(browser)).toBe(email);
});
