import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createAppLogger } from "#server/observability/logger.ts";
import { startTestServer } from "#server/test/harness.ts";
import { createTextSender, TextSendError } from "./phone-sender.ts";
import { startTwilioStandin, type TwilioStandin, twilioSettingsOf } from "./twilio-standin.test-support.ts";

let twilio: TwilioStandin;
beforeAll(async () => {
  twilio = await startTwilioStandin();
});
afterAll(() => twilio.close());

const settings = () => twilioSettingsOf(twilio);

describe("the text sender", () => {
  it("posts the text to Twilio's Messages API with the account's credentials", async () => {
    const sendText = createTextSender({ twilio: settings() });
    await sendText("+447400123456", "Hello from Commons");
    expect(twilio.texts.at(-1)).toMatchObject({
      to: "+447400123456",
      from: twilio.from,
      body: "Hello from Commons",
    });
  });

  it("reports wrong credentials as texts being unavailable, and says why in the log", async () => {
    const lines: string[] = [];
    const sendText = createTextSender({
      twilio: { ...settings(), authToken: "not-the-right-token-at-all" },
      log: (line) => lines.push(line),
    });
    const before = twilio.texts.length;
    const failure = await sendText("+447400123457", "Hello").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TextSendError);
    expect(failure).toMatchObject({ code: "TEXT_UNAVAILABLE", twilioCode: 20003 });
    expect(lines.join("\n")).toContain("code 20003");
    expect(twilio.texts.length).toBe(before);
  });

  it("reports Twilio being out of reach as texts being unavailable", async () => {
    const sendText = createTextSender({
      twilio: { ...settings(), apiUrl: "http://127.0.0.1:1" },
      log: () => {},
    });
    await expect(sendText("+447400123458", "Hello")).rejects.toMatchObject({ code: "TEXT_UNAVAILABLE" });
  });

  it("prints texts to the log when Twilio is not configured", async () => {
    const lines: string[] = [];
    const sendText = createTextSender({ twilio: null, log: (line) => lines.push(line) });
    await sendText("+447400123459", "123456 is your code");
    expect(lines.join("\n")).toContain("--- text to +447400123459 ---\n123456 is your code");
  });
});

describe("phone sign-in without Twilio", () => {
  it("is offered outside production with the code in the server log, and signs in", async () => {
    // The server's log, where texts are printed without Twilio.
    const printed: string[] = [];
    const log = createAppLogger({
      level: "silent",
      destination: { write: (text: string) => void printed.push(text) },
    });
    const t = await startTestServer({ log, overrides: { phone: { signIn: true, twilio: null } } });
    try {
      expect(await (await t.browser().fetch("/api/config")).json()).toMatchObject({ phoneSignIn: true });
      const browser = t.browser();
      const number = "+447400987654";
      expect((await browser.post("/api/auth/phone-number/send-otp", { phoneNumber: number })).status).toBe(
        200,
      );
      const text = printed.find((line) => line.includes(`--- text to ${number} ---`)) ?? "";
      const code = text.match(/\b(\d{6}) is your Commons sign-in code/)?.[1] as string;
      expect(code).toMatch(/^\d{6}$/);
      expect(
        (await browser.post("/api/auth/phone-number/verify", { phoneNumber: number, code })).status,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("is not offered in production, where a code in the log would reach nobody", async () => {
    const production = loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      DATA_DIR: "/tmp/unused",
    });
    expect(production.phone).toEqual({ signIn: false, twilio: null });
    const t = await startTestServer({ overrides: { production: true, phone: production.phone } });
    try {
      expect(await (await t.browser().fetch("/api/config")).json()).toMatchObject({ phoneSignIn: false });
      const refused = await t
        .browser()
        .post("/api/auth/phone-number/send-otp", { phoneNumber: "+447400987655" });
      expect(refused.status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("turns phone sign-in on in production once Twilio is configured, and names a missing variable", () => {
    const base = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), DATA_DIR: "/tmp/unused" };
    const sid = `AC${"0".repeat(32)}`;
    const configured = loadConfig({
      ...base,
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: "0123456789abcdef0123",
      TWILIO_FROM: "+15005550006",
    });
    expect(configured.phone).toEqual({
      signIn: true,
      twilio: {
        accountSid: sid,
        authToken: "0123456789abcdef0123",
        from: "+15005550006",
        apiUrl: "https://api.twilio.com",
      },
    });
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: sid })).toThrow(
      "TWILIO_AUTH_TOKEN: required when TWILIO_ACCOUNT_SID is set",
    );
    expect(() =>
      loadConfig({
        ...base,
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: "0123456789abcdef0123",
        TWILIO_FROM: "0770",
      }),
    ).toThrow(/TWILIO_FROM: must be a phone number/);
  });
});
