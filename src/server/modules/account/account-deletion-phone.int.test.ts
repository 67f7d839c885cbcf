import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { throttle, user } from "#server/db/schema.ts";
import { TEXTS_PER_NUMBER } from "#server/modules/auth/phone-limits.service.ts";
import { serverWithTexts } from "#server/modules/auth/texting-server.test-support.ts";
import { communityWithOwner, join } from "#server/modules/membership/membership-test-support.ts";
import type { TestBrowser } from "#server/test/harness.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";
import { rowsMentioning } from "./account-deletion-test-support.ts";

const texting = serverWithTexts();

const db = () => texting.t.server.database.db;
const uniqueNumber = () => `+447400${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

type SessionUser = { id: string; name: string; email: string; phoneNumber: string | null };

/** Signs up or in with a code texted through the Twilio stand-in, as /login does. */
async function signInByPhone(browser: TestBrowser, phoneNumber: string, name?: string): Promise<SessionUser> {
  const before = texting.twilio.texts.length;
  expect((await browser.post("/api/auth/phone-number/send-otp", { phoneNumber })).status).toBe(200);
  const code = await texting.twilio.codeFor(phoneNumber, before);
  expect((await browser.post("/api/auth/phone-number/verify", { phoneNumber, code })).status).toBe(200);
  if (name) expect((await browser.post("/api/auth/update-user", { name })).status).toBe(200);
  const session = (await (await browser.fetch("/api/auth/get-session?disableCookieCache=true")).json()) as {
    user: SessionUser;
  };
  return session.user;
}

/** Asks for the deletion code; answers the request's response and the text it sent, if any. */
async function askForTextedCode(browser: TestBrowser, phoneNumber: string) {
  const before = texting.twilio.texts.length;
  const sent = await browser.post("/api/account/deletion/code", {});
  const text = texting.twilio.texts.slice(before).find((m) => m.to === phoneNumber);
  return { sent, text, code: text?.body.match(/\b\d{6}\b/)?.[0] as string };
}

const textCountersOf = (phoneNumber: string) =>
  db()
    .select({ key: throttle.key })
    .from(throttle)
    .where(eq(throttle.key, `text-send:phone:${phoneNumber}`));

describe("deleting an account made with a phone number", () => {
  it("confirms with a texted code under the texts' limits, says goodbye by text, and leaves neither the number nor the placeholder address anywhere", async () => {
    const { communityId } = await communityWithOwner(texting.t);
    const number = uniqueNumber();
    const leaver = texting.t.browser();
    const me = await signInByPhone(leaver, number, "Pip Phoneonly");
    expect(isPhoneOnlyEmail(me.email)).toBe(true);
    expect((await join(leaver, communityId)).errors).toBeUndefined();
    // Someone else who signed up by phone keeps everything of theirs.
    const otherNumber = uniqueNumber();
    const other = await signInByPhone(texting.t.browser(), otherNumber, "Quinn Staying");

    // /me says where the code goes, without the placeholder address or the whole number.
    const facts = await (await leaver.fetch("/api/account/deletion")).json();
    expect(facts).toEqual({
      ownedCommunities: [],
      codeGoesTo: { channel: "text", to: `+44 •••• ${number.slice(-4)}` },
    });
    expect(JSON.stringify(facts)).not.toContain(me.email);

    const first = await askForTextedCode(leaver, number);
    expect(first.sent.status).toBe(200);
    expect(first.text?.body).toContain(`${first.code} confirms deleting your Commons account`);
    expect(first.text?.body).toContain("expires in 10 minutes");
    const wrong = await leaver.post("/api/account/deletion", {
      code: first.code === "000000" ? "111111" : "000000",
    });
    expect(await wrong.json()).toMatchObject({ code: "INVALID_CODE" });

    // Texts cost money: the number's limit counts the sign-in text and these, and a refused
    // request leaves the last code working.
    const texts: { code: string }[] = [first];
    for (let sent = 2; sent < TEXTS_PER_NUMBER.max; sent++)
      texts.push(await askForTextedCode(leaver, number));
    const refused = await askForTextedCode(leaver, number);
    expect(refused.sent.status).toBe(429);
    expect(await refused.sent.json()).toMatchObject({
      code: "RATE_LIMITED_PHONE",
      message: expect.stringMatching(/Too many codes were sent to this number/),
    });
    expect(refused.text).toBeUndefined();
    const lastCode = texts.at(-1)?.code as string;

    const before = texting.twilio.texts.length;
    const done = await leaver.post("/api/account/deletion", { code: lastCode });
    expect(done.status).toBe(200);
    const goodbye = texting.twilio.texts.slice(before).find((m) => m.to === number);
    expect(goodbye?.body).toMatch(/Your Commons account .* is deleted/);
    expect(await (await leaver.fetch("/api/auth/get-session")).json()).toBeNull();

    await texting.t.drain();
    expect(await rowsMentioning(texting.t, [number, me.email, "Pip Phoneonly"])).toEqual([]);
    const [tombstone] = await db().select().from(user).where(eq(user.id, me.id));
    expect(tombstone).toMatchObject({
      name: "Deleted account",
      phoneNumber: null,
      phoneNumberVerified: null,
    });
    // The other person's number, account and text counter are untouched.
    const [kept] = await db().select().from(user).where(eq(user.id, other.id));
    expect(kept).toMatchObject({ name: "Quinn Staying", phoneNumber: otherNumber, deletedAt: null });
    expect(await textCountersOf(otherNumber)).toHaveLength(1);

    // The number is free: signing in with it again starts a new, empty account.
    const again = await signInByPhone(texting.t.browser(), number);
    expect(again.id).not.toBe(me.id);
    expect(again.name).toBe("");
  });

  it("says so in words when Twilio will not text the number, and sends nothing", async () => {
    const number = uniqueNumber();
    const person = texting.t.browser();
    await signInByPhone(person, number, "Opal Optedout");
    texting.twilio.refuse(number, 21610);
    const refused = await askForTextedCode(person, number);
    expect(refused.sent.status).toBe(400);
    expect(await refused.sent.json()).toMatchObject({
      code: "TEXT_NUMBER_OPTED_OUT",
      message: expect.stringMatching(/replied STOP/),
    });
    expect(refused.text).toBeUndefined();
  });
});
