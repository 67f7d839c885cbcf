import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user, verification } from "#server/db/schema.ts";
import { serverWithTexts } from "#server/modules/auth/texting-server.test-support.ts";
import type { TestBrowser } from "#server/test/harness.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";
import { NUMBERS_PER_ADDRESS, TEXTS_PER_ADDRESS, TEXTS_PER_NUMBER } from "./phone-limits.service.ts";

const texting = serverWithTexts();

/** A valid UK mobile number no other test uses. */
const uniqueNumber = () => `+447400${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

type SessionUser = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | null;
};

const sendText = (browser: TestBrowser, phoneNumber: string) =>
  browser.post("/api/auth/phone-number/send-otp", { phoneNumber });
const verify = (browser: TestBrowser, phoneNumber: string, code: string, extra: object = {}) =>
  browser.post("/api/auth/phone-number/verify", { phoneNumber, code, ...extra });
const sessionUser = async (browser: TestBrowser) =>
  (
    (await (await browser.fetch("/api/auth/get-session?disableCookieCache=true")).json()) as {
      user: SessionUser;
    } | null
  )?.user ?? null;
const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

async function signInByPhone(browser: TestBrowser, phoneNumber: string) {
  const before = texting.twilio.texts.length;
  expect((await sendText(browser, phoneNumber)).status).toBe(200);
  const code = await texting.twilio.codeFor(phoneNumber, before);
  expect((await verify(browser, phoneNumber, code)).status).toBe(200);
  return (await sessionUser(browser)) as SessionUser;
}

describe("sign-in with a code by text message", () => {
  it("texts a 6-digit code through Twilio, and signing in with it makes an account that asks for a name", async () => {
    const browser = texting.t.browser();
    const number = uniqueNumber();
    const sent = await sendText(browser, number);
    expect(sent.status).toBe(200);
    const text = texting.twilio.texts.at(-1);
    expect(text?.to).toBe(number);
    expect(text?.from).toBe(texting.twilio.from);
    const code = await texting.twilio.codeFor(number);
    expect(text?.body).toContain(`${code} is your Commons sign-in code`);
    expect(text?.body).toContain("expires in 10 minutes");

    // Stored as a hash, never the code itself.
    const [row] = await texting.t.server.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `phone-number-otp-${number}`));
    expect(row?.value).not.toContain(code);

    const verified = await verify(browser, number, code);
    expect(verified.status).toBe(200);
    const me = await sessionUser(browser);
    expect(me).toMatchObject({ phoneNumber: number, phoneNumberVerified: true, name: "" });
    expect(isPhoneOnlyEmail(me?.email ?? "")).toBe(true);

    // The same number later signs in to the same account.
    const again = await signInByPhone(texting.t.browser(), number);
    expect(again.id).toBe(me?.id);
  });

  it("refuses a number that is not a valid international number, texting nothing", async () => {
    const before = texting.twilio.texts.length;
    for (const bad of ["07700900123", "+44 7700 900123", "+1555", "not a number"]) {
      const refused = await sendText(texting.t.browser(), bad);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "INVALID_PHONE_NUMBER" });
    }
    expect(texting.twilio.texts.length).toBe(before);
  });

  it("refuses a wrong code, and an expired one with its own error", async () => {
    const browser = texting.t.browser();
    const number = uniqueNumber();
    await sendText(browser, number);
    const code = await texting.twilio.codeFor(number);
    const refused = await verify(browser, number, wrongCode(code));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "INVALID_OTP" });

    texting.t.clock.advance(10 * 60_000 + 1_000);
    const expired = await verify(browser, number, code);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: "OTP_EXPIRED" });
    expect(await sessionUser(browser)).toBeNull();
  });

  it("burns the code after 5 wrong tries: even the right code is then refused", async () => {
    const browser = texting.t.browser();
    const number = uniqueNumber();
    await sendText(browser, number);
    const code = await texting.twilio.codeFor(number);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(((await (await verify(browser, number, wrongCode(code))).json()) as { code: string }).code);
    }
    expect(codes).toEqual(Array(5).fill("INVALID_OTP"));
    const afterLimit = await verify(browser, number, code);
    expect(afterLimit.status).toBe(403);
    expect(await afterLimit.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(await sessionUser(browser)).toBeNull();
  });

  it("limits texts per number strictly from any address, and a refusal keeps the code already sent", async () => {
    const number = uniqueNumber();
    for (let i = 0; i < TEXTS_PER_NUMBER.max; i++) {
      expect((await sendText(texting.t.browser(), number)).status).toBe(200);
    }
    const code = await texting.twilio.codeFor(number);
    const before = texting.twilio.texts.length;
    const refused = await sendText(texting.t.browser(), number);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; message: string; retryAfter: number };
    expect(body.code).toBe("RATE_LIMITED_PHONE");
    expect(body.message).toMatch(/You can ask for another in about \d+ minutes/);
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(texting.twilio.texts.length).toBe(before);
    // The last code that arrived still signs in.
    const browser = texting.t.browser();
    expect((await verify(browser, number, code)).status).toBe(200);
    expect((await sessionUser(browser))?.phoneNumber).toBe(number);
  });

  it("limits texts per client address generously, then says when to try again", async () => {
    const browser = texting.t.browser();
    for (let i = 0; i < TEXTS_PER_ADDRESS.max; i++) {
      expect((await sendText(browser, uniqueNumber())).status).toBe(200);
    }
    const refused = await sendText(browser, uniqueNumber());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    // Someone on another network is not affected.
    expect((await sendText(texting.t.browser(), uniqueNumber())).status).toBe(200);
  });

  it("limits how many different numbers one address may text in a day; numbers already texted still work", async () => {
    const browser = texting.t.browser();
    const first = uniqueNumber();
    let sent = 0;
    let numbers = 0;
    while (numbers < NUMBERS_PER_ADDRESS.max) {
      if (sent === TEXTS_PER_ADDRESS.max) {
        // Past the per-address window, still inside the day.
        texting.t.clock.advance(TEXTS_PER_ADDRESS.windowSeconds * 1000 + 1000);
        sent = 0;
      }
      expect((await sendText(browser, numbers === 0 ? first : uniqueNumber())).status).toBe(200);
      sent++;
      numbers++;
    }
    texting.t.clock.advance(TEXTS_PER_ADDRESS.windowSeconds * 1000 + 1000);
    const refused = await sendText(browser, uniqueNumber());
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("RATE_LIMITED_PHONE_NUMBERS");
    expect(body.message).toMatch(/too many different numbers.*in about \d+ hours/);
    expect((await sendText(browser, first)).status).toBe(200);
  });

  it("turns Twilio's refusals into sentences a person can act on", async () => {
    const invalid = uniqueNumber();
    texting.twilio.refuse(invalid, 21211);
    const refused = await sendText(texting.t.browser(), invalid);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "TEXT_INVALID_NUMBER",
      message: expect.stringContaining("cannot receive text messages"),
    });

    const unverified = uniqueNumber();
    texting.twilio.refuse(unverified, 21608);
    const notAllowed = await sendText(texting.t.browser(), unverified);
    expect(notAllowed.status).toBe(400);
    expect(await notAllowed.json()).toMatchObject({ code: "TEXT_NUMBER_NOT_ALLOWED" });

    const down = uniqueNumber();
    texting.twilio.refuse(down, 20003, 401);
    const unavailable = await sendText(texting.t.browser(), down);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({
      code: "TEXT_UNAVAILABLE",
      message: expect.stringContaining("sign in with your email"),
    });
  });
});

describe("the phone number on one's account", () => {
  async function addNumber(browser: TestBrowser, number: string) {
    const before = texting.twilio.texts.length;
    expect((await sendText(browser, number)).status).toBe(200);
    const code = await texting.twilio.codeFor(number, before);
    return verify(browser, number, code, { updatePhoneNumber: true });
  }

  it("adds a verified number to a signed-in account, changes it for another, and removes it", async () => {
    const browser = texting.t.browser();
    const signedIn = await browser.signIn(undefined, "Ada Lovelace");
    const first = uniqueNumber();
    expect((await addNumber(browser, first)).status).toBe(200);
    expect(await sessionUser(browser)).toMatchObject({
      id: signedIn.id,
      phoneNumber: first,
      phoneNumberVerified: true,
    });
    // The number now signs in to the same account.
    expect((await signInByPhone(texting.t.browser(), first)).id).toBe(signedIn.id);

    const second = uniqueNumber();
    expect((await addNumber(browser, second)).status).toBe(200);
    expect((await sessionUser(browser))?.phoneNumber).toBe(second);

    const removed = await browser.post("/api/auth/update-user", { phoneNumber: null });
    expect(removed.status).toBe(200);
    expect(await sessionUser(browser)).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
  });

  it("refuses a number that belongs to someone else, and setting a number without a code", async () => {
    const owner = texting.t.browser();
    const number = uniqueNumber();
    await signInByPhone(owner, number);

    const other = texting.t.browser();
    await other.signIn();
    const taken = await addNumber(other, number);
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ code: "PHONE_NUMBER_EXIST" });

    const direct = await other.post("/api/auth/update-user", { phoneNumber: uniqueNumber() });
    expect(direct.status).toBe(400);
    expect((await sessionUser(other))?.phoneNumber ?? null).toBeNull();
  });

  it("does not let someone who signed up by phone remove their only way in", async () => {
    const browser = texting.t.browser();
    const number = uniqueNumber();
    const me = await signInByPhone(browser, number);
    const refused = await browser.post("/api/auth/update-user", { phoneNumber: null });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "PHONE_NUMBER_ONLY_WAY_IN" });
    const [row] = await texting.t.server.database.db.select().from(user).where(eq(user.id, me.id));
    expect(row?.phoneNumber).toBe(number);
  });
});
