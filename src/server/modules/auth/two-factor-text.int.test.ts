import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serverWithTexts } from "#server/modules/auth/texting-server.test-support.ts";
import { type TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { TEXTS_PER_NUMBER } from "./phone-limits.service.ts";
import { emailCodeStep, personWithApp, signedInEmail } from "./two-factor.test-support.ts";

const texting = serverWithTexts();

const newNumber = () => `+447400${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

/** Asks for a texted code (`path`: the phone's own or the second factor's) and reads it off the stand-in. */
async function textedCode(browser: TestBrowser, path: string, phoneNumber: string, body: object = {}) {
  const before = texting.twilio.texts.length;
  const sent = await browser.post(path, body);
  expect(sent.status).toBe(200);
  return texting.twilio.codeFor(phoneNumber, before);
}

/** Signs a new person in by email and adds a verified phone number on /me. */
async function personWithPhone(browser: TestBrowser) {
  const email = uniqueEmail("text-2fa");
  await emailCodeStep(browser, email);
  const phoneNumber = newNumber();
  const code = await textedCode(browser, "/api/auth/phone-number/send-otp", phoneNumber, { phoneNumber });
  const added = await browser.post("/api/auth/phone-number/verify", {
    phoneNumber,
    code,
    updatePhoneNumber: true,
  });
  expect(added.status).toBe(200);
  return { email, phoneNumber };
}

/** Turns texts on as the second factor, as /me does: a code to the phone, then that code. */
async function turnOnTexts(browser: TestBrowser, phoneNumber: string) {
  const code = await textedCode(browser, "/api/auth/two-factor/send-otp", phoneNumber);
  const enabled = await browser.post("/api/auth/second-factor/enable-text", { code });
  expect(enabled.status).toBe(200);
  return ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes;
}

async function status(browser: TestBrowser) {
  return (await (await browser.fetch("/api/auth/second-factor/status")).json()) as {
    enabled: boolean;
    app: boolean;
    text: string | null;
    recoveryCodesLeft: number;
  };
}

describe("texts as the second factor", () => {
  it("turns on with a texted code, gives 10 recovery codes, and /me shows the masked number", async () => {
    const browser = texting.t.browser();
    const { phoneNumber } = await personWithPhone(browser);
    expect(await status(browser)).toMatchObject({
      enabled: false,
      text: `+44 •••• ••${phoneNumber.slice(-4)}`,
    });

    const wrong = await browser.post("/api/auth/second-factor/enable-text", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "OTP_HAS_EXPIRED" });

    const recoveryCodes = await turnOnTexts(browser, phoneNumber);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status(browser)).toMatchObject({ enabled: true, app: false, recoveryCodesLeft: 10 });
  });

  it("a sign-in asks for a texted code: a wrong one is refused, the right one signs in", async () => {
    const owner = texting.t.browser();
    const { email, phoneNumber } = await personWithPhone(owner);
    await turnOnTexts(owner, phoneNumber);

    const browser = texting.t.browser();
    const first = await emailCodeStep(browser, email);
    expect(first).toEqual({
      twoFactorRedirect: true,
      twoFactorMethods: ["otp"],
      phoneHint: `+44 •••• ••${phoneNumber.slice(-4)}`,
    });
    expect(await signedInEmail(browser)).toBeNull();
    const methods = await browser.fetch("/api/auth/second-factor/methods");
    expect(await methods.json()).toEqual({ app: false, text: `+44 •••• ••${phoneNumber.slice(-4)}` });

    const code = await textedCode(browser, "/api/auth/two-factor/send-otp", phoneNumber);
    expect(texting.twilio.texts.at(-1)?.body).toContain("security code");
    const wrongCode = code === "123456" ? "654321" : "123456";
    const refused = await browser.post("/api/auth/two-factor/verify-otp", { code: wrongCode });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "INVALID_CODE" });
    expect(await signedInEmail(browser)).toBeNull();

    const verified = await browser.post("/api/auth/two-factor/verify-otp", { code, trustDevice: true });
    expect(verified.status).toBe(200);
    expect(await signedInEmail(browser)).toBe(email);

    // The trusted device is not asked again; another browser is.
    await browser.post("/api/auth/sign-out", {});
    expect((await emailCodeStep(browser, email)).twoFactorRedirect).toBeUndefined();
    expect(await signedInEmail(browser)).toBe(email);
    expect((await emailCodeStep(texting.t.browser(), email)).twoFactorRedirect).toBe(true);
  });

  it("a recovery code finishes the sign-in of someone whose phone is away, once", async () => {
    const owner = texting.t.browser();
    const { email, phoneNumber } = await personWithPhone(owner);
    const [recovery] = await turnOnTexts(owner, phoneNumber);

    const browser = texting.t.browser();
    await emailCodeStep(browser, email);
    expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: recovery })).status).toBe(
      200,
    );
    expect(await signedInEmail(browser)).toBe(email);

    const again = texting.t.browser();
    await emailCodeStep(again, email);
    expect((await again.post("/api/auth/two-factor/verify-backup-code", { code: recovery })).status).toBe(
      401,
    );
    expect(await signedInEmail(again)).toBeNull();
  });

  it("is not offered to someone without a verified phone, and no text is sent", async () => {
    const owner = texting.t.browser();
    const { email } = await personWithApp(owner);
    const browser = texting.t.browser();
    expect((await emailCodeStep(browser, email)).twoFactorMethods).toEqual(["totp"]);
    const before = texting.twilio.texts.length;
    const refused = await browser.post("/api/auth/two-factor/send-otp", {});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "NO_VERIFIED_PHONE" });
    expect(texting.twilio.texts.length).toBe(before);
  });

  it("keeps the number while it is the only factor, and turns off with a fresh texted code", async () => {
    const browser = texting.t.browser();
    const { phoneNumber } = await personWithPhone(browser);
    await turnOnTexts(browser, phoneNumber);

    const removal = await browser.post("/api/auth/update-user", { phoneNumber: null });
    expect(removal.status).toBe(400);
    expect(await removal.json()).toMatchObject({ code: "PHONE_IS_SECOND_FACTOR" });

    expect((await browser.post("/api/auth/two-factor/disable", {})).status).toBe(400);
    const code = await textedCode(browser, "/api/auth/two-factor/send-otp", phoneNumber);
    const off = await browser.post("/api/auth/two-factor/disable", { code });
    expect(off.status).toBe(200);
    expect(await status(browser)).toMatchObject({ enabled: false });
    expect((await browser.post("/api/auth/update-user", { phoneNumber: null })).status).toBe(200);
  });

  it("texts one number at most as often as phone sign-in does", async () => {
    const owner = texting.t.browser();
    const { email, phoneNumber } = await personWithPhone(owner);
    // Adding the number took one text; turning texts on takes another.
    await turnOnTexts(owner, phoneNumber);
    const browser = texting.t.browser();
    await emailCodeStep(browser, email);
    for (let sent = 2; sent < TEXTS_PER_NUMBER.max; sent++) {
      expect((await browser.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    }
    const before = texting.twilio.texts.length;
    const refused = await browser.post("/api/auth/two-factor/send-otp", {});
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED_PHONE" });
    expect(texting.twilio.texts.length).toBe(before);
  });
});
