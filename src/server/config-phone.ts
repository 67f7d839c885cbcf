import * as z from "zod";

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (`MG…`). */
  from: string;
  /** Where texts are posted: Twilio's API, or a local stand-in. */
  apiUrl: string;
};

export type PhoneSettings = {
  /** Whether /login offers phone numbers: with Twilio, or outside production (codes in the log). */
  signIn: boolean;
  /** Null: texts are printed to the server log. */
  twilio: TwilioSettings | null;
};

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Twilio's API over https, or plain http to a stand-in on this machine; only an origin. */
const twilioApiUrl = z.string().superRefine((value, context) => {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    context.addIssue({ code: "custom", message: "must be a URL such as https://api.twilio.com" });
    return;
  }
  const loopback = loopbackHosts.has(parsed.hostname) || /^127\.\d+\.\d+\.\d+$/.test(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && loopback)) {
    context.addIssue({ code: "custom", message: "must start with https:// (http:// only for localhost)" });
  } else if (parsed.pathname !== "/" || parsed.search || parsed.username || parsed.password) {
    context.addIssue({ code: "custom", message: "must be an origin only, without a path or credentials" });
  }
});

/** The TWILIO_* variables, part of the one schema in config.ts. */
export const twilioEnv = {
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be an Account SID (AC followed by 32 hexadecimal digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "must be the account's auth token").optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      "must be a phone number in international form (+15551234567) or a Messaging Service SID (MG…)",
    )
    .optional(),
  TWILIO_API_URL: twilioApiUrl.default("https://api.twilio.com"),
};

type TwilioEnv = z.infer<z.ZodObject<typeof twilioEnv>>;

const twilioNames = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/** The settings, or the problem naming the variable. */
export function phoneSettings(
  e: TwilioEnv,
  env: Record<string, string | undefined>,
  production: boolean,
): PhoneSettings | string {
  const set = twilioNames.filter((name) => e[name] !== undefined);
  if (set.length > 0 && set.length < twilioNames.length) {
    const missing = twilioNames.find((name) => e[name] === undefined);
    return `${missing}: required when ${set[0]} is set`;
  }
  if (set.length === 0) {
    if (env.TWILIO_API_URL) return "TWILIO_ACCOUNT_SID: required when TWILIO_API_URL is set";
    return { signIn: !production, twilio: null };
  }
  return {
    signIn: true,
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID as string,
      authToken: e.TWILIO_AUTH_TOKEN as string,
      from: e.TWILIO_FROM as string,
      apiUrl: new URL(e.TWILIO_API_URL).origin,
    },
  };
}

/** When the configuration does not say (tests build it by hand): texts in the log outside production. */
export const phoneSettingsOf = (config: { phone?: PhoneSettings; production: boolean }): PhoneSettings =>
  config.phone ?? { signIn: !config.production, twilio: null };
