// Texts the app sent during the journeys, read back from the Twilio stand-in the global setup
// started, through the same Messages API Twilio offers.
import { randomInt } from "node:crypto";

/** A valid UK mobile number, in the national form a person types and in E.164. */
export function uniquePhoneNumber(): { national: string; e164: string } {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { national: `07400 ${digits}`, e164: `+447400${digits}` };
}

/** The newest text to `e164` sent since `since` whose body matches `pattern`. */
export async function waitForText(
  e164: string,
  since: number,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const url = process.env.E2E_TWILIO_URL;
  const sid = process.env.E2E_TWILIO_ACCOUNT_SID;
  const token = process.env.E2E_TWILIO_AUTH_TOKEN;
  if (!url || !sid || !token)
    throw new Error("the Twilio stand-in is not running (e2e/support/global-setup.ts)");
  const address = new URL(`/2010-04-01/Accounts/${sid}/Messages.json`, url);
  address.searchParams.set("To", e164);
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await fetch(address, { headers: { authorization } })).json()) as {
      messages: { body: string; date_created: string }[];
    };
    // Twilio's dates are to the second.
    const text = body.messages.find(
      (m) => Date.parse(m.date_created) >= Math.floor(since / 1000) * 1000 && pattern.test(m.body),
    );
    if (text) return text.body;
    if (Date.now() > deadline) throw new Error(`no text matching ${pattern} reached ${e164}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit code in the newest text to `e164` sent since `since`. */
export async function waitForTextedCode(e164: string, since: number, timeoutMs = 15_000): Promise<string> {
  const body = await waitForText(e164, since, /\b\d{6}\b/, timeoutMs);
  return body.match(/\b\d{6}\b/)?.[0] as string;
}
