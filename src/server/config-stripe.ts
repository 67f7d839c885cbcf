import * as z from "zod";

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Share of each payment kept by the operator as a Connect application fee; 0 when unset. */
  platformFeePercent: number;
  /** Off: every community's payments go to the operator's own account (a single-organization install). */
  connect: boolean;
  /** Where the library sends its requests: Stripe's API, or the local stand-in. */
  apiUrl: string;
};

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Stripe's API over https, or plain http to a stand-in on this machine; only an origin, no path. */
const stripeApiUrl = z.string().superRefine((value, context) => {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    context.addIssue({ code: "custom", message: "must be a URL such as https://api.stripe.com" });
    return;
  }
  const loopback = loopbackHosts.has(parsed.hostname) || /^127\.\d+\.\d+\.\d+$/.test(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && loopback)) {
    context.addIssue({ code: "custom", message: "must start with https:// (http:// only for localhost)" });
  } else if (parsed.pathname !== "/" || parsed.search || parsed.username || parsed.password) {
    context.addIssue({ code: "custom", message: "must be an origin only, without a path or credentials" });
  }
});

/** The STRIPE_* variables, part of the one schema in config.ts. */
export const stripeEnv = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, "must be a secret key (sk_live_…, sk_test_… or a restricted rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce
    .number({ message: "must be a number from 0 to 100" })
    .min(0, "must be a number from 0 to 100")
    .max(100, "must be a number from 0 to 100")
    .optional(),
  STRIPE_CONNECT: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  STRIPE_API_URL: stripeApiUrl.default("https://api.stripe.com"),
};

type StripeEnv = z.infer<z.ZodObject<typeof stripeEnv>>;

/** The settings, null when payments are not configured, or the problem naming the variable. */
export function stripeSettings(
  e: StripeEnv,
  env: Record<string, string | undefined>,
): StripeSettings | null | string {
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    return e.STRIPE_SECRET_KEY
      ? "STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set"
      : "STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set";
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    // The defaulted ones count only when the operator wrote them.
    const stray = (["STRIPE_PLATFORM_FEE_PERCENT", "STRIPE_CONNECT", "STRIPE_API_URL"] as const).find(
      (name) => env[name] !== undefined && env[name] !== "",
    );
    if (stray) return `STRIPE_SECRET_KEY: required when ${stray} is set`;
    return null;
  }
  if (e.STRIPE_CONNECT === "off" && e.STRIPE_PLATFORM_FEE_PERCENT) {
    return "STRIPE_PLATFORM_FEE_PERCENT: only applies with STRIPE_CONNECT=on (payments go to the operator's own account)";
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    platformFeePercent: e.STRIPE_PLATFORM_FEE_PERCENT ?? 0,
    connect: e.STRIPE_CONNECT === "on",
    apiUrl: new URL(e.STRIPE_API_URL).origin,
  };
}
