import type { TwilioSettings } from "#server/config-phone.ts";

/**
 * Sends one text message. Made once by the composition root (`createTextSender`), as the mailer
 * is; sign-in codes and any later use of the verified phone go through it.
 */
export type SendText = (to: string, body: string) => Promise<void>;

export type TextFailureCode =
  | "TEXT_INVALID_NUMBER"
  | "TEXT_NUMBER_NOT_ALLOWED"
  | "TEXT_NUMBER_OPTED_OUT"
  | "TEXT_UNAVAILABLE";

/** A text Twilio would not send, in words a person can act on; `twilioCode` keeps Twilio's own. */
export class TextSendError extends Error {
  readonly code: TextFailureCode;
  readonly twilioCode: number | null;
  constructor(code: TextFailureCode, message: string, twilioCode: number | null) {
    super(message);
    this.name = "TextSendError";
    this.code = code;
    this.twilioCode = twilioCode;
  }
}

const UNAVAILABLE = "Texts cannot be sent right now. Try again later, or sign in with your email.";

/** Twilio's error codes (https://www.twilio.com/docs/api/errors) that the person can do something about. */
export function textFailure(twilioCode: number | null): TextSendError {
  switch (twilioCode) {
    case 21211:
    case 21614:
      return new TextSendError(
        "TEXT_INVALID_NUMBER",
        "This number cannot receive text messages. Check it, or use another number.",
        twilioCode,
      );
    case 21408:
    case 21608:
      return new TextSendError(
        "TEXT_NUMBER_NOT_ALLOWED",
        "Texts cannot be sent to this number from here. Use another number, or sign in with your email.",
        twilioCode,
      );
    case 21610:
      return new TextSendError(
        "TEXT_NUMBER_OPTED_OUT",
        "This number has asked not to get our texts (it replied STOP). Reply START to us from it, or use another number.",
        twilioCode,
      );
    default:
      return new TextSendError("TEXT_UNAVAILABLE", UNAVAILABLE, twilioCode);
  }
}

/**
 * Twilio's Messages API when configured (decision 022: plain fetch, not the twilio library);
 * otherwise each text is printed to the log, as mail is without SMTP, so `npm start` needs nothing.
 */
export function createTextSender(options: {
  twilio: TwilioSettings | null;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}): SendText {
  const log = options.log ?? ((line: string) => console.log(line));
  const { twilio } = options;
  if (!twilio) {
    return async (to, body) => {
      log(`\n--- text to ${to} ---\n${body}\n--- end of text ---\n`);
    };
  }
  const send = options.fetch ?? fetch;
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`,
    twilio.apiUrl,
  );
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`;
  const sender = twilio.from.startsWith("MG") ? "MessagingServiceSid" : "From";
  return async (to, body) => {
    let response: Response;
    try {
      response = await send(endpoint, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, [sender]: twilio.from, Body: body }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (cause) {
      log(`texts: Twilio could not be reached (${String(cause)})`);
      throw textFailure(null);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const answer = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    const twilioCode = typeof answer?.code === "number" ? answer.code : null;
    const failure = textFailure(twilioCode);
    if (failure.code === "TEXT_UNAVAILABLE") {
      // The operator's problem (credentials, balance, Twilio down): the log says which.
      log(
        `texts: Twilio refused a text (${response.status}, code ${twilioCode}): ${String(answer?.message)}`,
      );
    }
    throw failure;
  };
}
