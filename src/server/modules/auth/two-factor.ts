import type { BetterAuthPlugin } from "better-auth";
import {
  type AuthMiddleware,
  createAuthEndpoint,
  createAuthMiddleware,
  sessionMiddleware,
} from "better-auth/api";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import type { Db } from "#server/db/client.ts";
import { safeRedirectPath } from "#shared/redirect.ts";
import {
  type FreshCheckContext,
  freshCheck,
  preventCodeReplay,
  refuseGoneAccount,
  secondFactorStatus,
} from "./two-factor-checks.ts";
import { phoneHint, TEXT_CODE_ATTEMPTS, TEXT_CODE_MINUTES, textableNumber } from "./two-factor-text.ts";

export const TRUST_DEVICE_DAYS = 30;
/** How long the second step of a sign-in stays open after the first. */
export const SECOND_STEP_MINUTES = 10;

/**
 * Every sign-in that ends in a new session with a JSON answer, except a passkey (which is already
 * two factors). The plugin on its own asks only after password, username and phone-number
 * sign-ins; the email code, Google's ID token and the phone code sign in through these paths as
 * well. GitHub, Facebook and X end in a redirect instead: their callback is challenged below.
 */
const CHALLENGED_SIGN_INS = new Set([
  "/sign-in/email-otp",
  // The phone code signs in here; adding a number on /me passes too but makes no new session.
  "/phone-number/verify",
  "/sign-in/social",
  "/sign-in/email",
  "/sign-in/username",
  "/sign-in/phone-number",
]);

/** Where GitHub, Facebook and X send the browser back after signing in. */
const isProviderCallback = (path: string | undefined) => /^\/(oauth2\/)?callback\//.test(path ?? "");

/** The client's page for the second step of a sign-in. */
const SECOND_STEP_PATH = "/two-factor";

/** Where a provider's sign-in was headed, as a path on this site; "" when it was anywhere else. */
export function headedTo(location: string | null | undefined, baseURL: string): string {
  if (!location) return "";
  const site = new URL(baseURL);
  try {
    const target = new URL(location, site);
    if (target.origin !== site.origin) return "";
    return safeRedirectPath(`${target.pathname}${target.search}${target.hash}`);
  } catch {
    return "";
  }
}

/** The second step of a sign-in: checking its code, or texting one. */
const SECOND_STEP = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
  "/two-factor/send-otp",
]);

/** Paths that change the factor itself: each needs a current code (a fresh check), not just the session. */
const FRESH_CHECKED = new Set(["/two-factor/disable", "/two-factor/generate-backup-codes"]);

/**
 * better-auth's two-factor plugin as Commons uses it (decision 023): an authenticator app and 10
 * recovery codes, managed without a password (people here have none), asked after every sign-in
 * but a passkey's, with "trust this device" for 30 days.
 */
export type SecondFactorOptions = {
  /** REQUIRE_OWNER_SECOND_FACTOR: whether this person must still set up a second factor. */
  required: ((userId: string) => Promise<boolean>) | null;
  /**
   * Codes by text message as a second factor (two-factor-text.ts), when texts can be sent: handed
   * to the plugin's `otpOptions.sendOTP`, which then offers `otp` at sign-in to people with a
   * verified phone. Unset, only the app and recovery codes are offered.
   */
  sendCodeByText?: (
    message: {
      user: { id: string; phoneNumber?: string | null; phoneNumberVerified?: boolean | null };
      otp: string;
    },
    ctx?: { request?: Request; headers?: Headers },
  ) => Promise<void>;
};

type HookInput = { context: { newSession?: { user: Record<string, unknown> } | null } };
type ChallengeAnswer = { twoFactorRedirect?: boolean; twoFactorMethods?: string[]; phoneHint?: string };

/**
 * The plugin offers texted codes to everyone once a sender exists; the second step offers them
 * only to people with a verified number, and says which number (masked) the code will go to.
 */
function narrowMethods(answer: ChallengeAnswer, person: Record<string, unknown>) {
  if (!answer.twoFactorRedirect || !Array.isArray(answer.twoFactorMethods)) return;
  const number = textableNumber(person as Parameters<typeof textableNumber>[0]);
  answer.twoFactorMethods = answer.twoFactorMethods.filter((method) => method !== "otp" || number !== null);
  if (number) answer.phoneHint = phoneHint(number);
}

export function secondFactorPlugins(db: Db, options: SecondFactorOptions): BetterAuthPlugin[] {
  const { required, sendCodeByText } = options;
  const plugin = twoFactorPlugin({
    issuer: "Commons",
    allowPasswordless: true,
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
    twoFactorCookieMaxAge: SECOND_STEP_MINUTES * 60,
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    // Without a sender the plugin offers only the app and recovery codes, and `/two-factor/send-otp`
    // refuses.
    ...(sendCodeByText
      ? {
          otpOptions: {
            period: TEXT_CODE_MINUTES,
            allowedAttempts: TEXT_CODE_ATTEMPTS,
            storeOTP: "hashed" as const,
            sendOTP: sendCodeByText as unknown as NonNullable<
              NonNullable<Parameters<typeof twoFactorPlugin>[0]>["otpOptions"]
            >["sendOTP"],
          },
        }
      : {}),
  });
  const after = plugin.hooks?.after ?? [];
  const challenge = after[0];
  if (!challenge || after.length !== 1)
    throw new Error("better-auth's two-factor plugin changed its sign-in hook");
  const challengeHandler = challenge.handler as unknown as (input: HookInput) => Promise<unknown>;
  // Called as the hook runner calls it (with the runner's own context), so its cookies and its
  // answer reach the response as they would unwrapped; only the offered methods are narrowed.
  const narrowedChallenge = async (input: HookInput) => {
    const person = input.context.newSession?.user;
    const result = await challengeHandler(input);
    const answer = (result as { response?: unknown } | undefined)?.response ?? result;
    if (person && answer && typeof answer === "object") narrowMethods(answer as ChallengeAnswer, person);
    return result;
  };
  plugin.hooks = {
    ...plugin.hooks,
    after: [
      {
        matcher: (context) => CHALLENGED_SIGN_INS.has(context.path ?? ""),
        handler: narrowedChallenge as unknown as typeof challenge.handler,
      },
    ],
  };
  return [plugin, commonsSecondFactor(db, required, Boolean(sendCodeByText), challenge.handler)];
}

/** The plugin's challenge asked for the second step (rather than letting a trusted device through). */
const askedForSecondStep = (answer: unknown) =>
  typeof answer === "object" && answer !== null && "twoFactorRedirect" in answer;

function commonsSecondFactor(
  db: Db,
  required: ((userId: string) => Promise<boolean>) | null,
  texts: boolean,
  challenge: AuthMiddleware,
) {
  return {
    id: "commons-second-factor",
    hooks: {
      after: [
        {
          // A provider's sign-in ends in a redirect, which cannot carry the challenge's JSON answer:
          // the plugin's own challenge runs (session dropped, signed `two_factor` cookie set, or a
          // trusted device let through), and its answer becomes a redirect to the second step, which
          // then carries on to where the sign-in was headed.
          matcher: (context) => isProviderCallback(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.context.newSession?.user.twoFactorEnabled) return;
            const headed = headedTo(ctx.context.responseHeaders?.get("location"), ctx.context.baseURL);
            const asked = (await challenge({ ...ctx, returnHeaders: true })) as {
              headers?: Headers | null;
              response?: unknown;
            };
            // The challenge ran in a scope of its own: its cookies reach the response through this one.
            for (const cookie of asked.headers?.getSetCookie() ?? []) {
              ctx.responseHeaders?.append("set-cookie", cookie);
            }
            if (!askedForSecondStep(asked.response)) return;
            const search = headed ? `?${new URLSearchParams({ redirect: headed })}` : "";
            throw ctx.redirect(new URL(`${SECOND_STEP_PATH}${search}`, ctx.context.baseURL).toString());
          }),
        },
      ],
      before: [
        {
          matcher: (context) => SECOND_STEP.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await refuseGoneAccount(db, ctx as unknown as FreshCheckContext);
          }),
        },
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            await preventCodeReplay(db, ctx as unknown as FreshCheckContext);
          }),
        },
        {
          matcher: (context) => FRESH_CHECKED.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await freshCheck(db, ctx as unknown as FreshCheckContext);
          }),
        },
      ],
    },
    endpoints: {
      secondFactorStatus: createAuthEndpoint(
        "/second-factor/status",
        { method: "GET", use: [sessionMiddleware] },
        async (ctx) => {
          // Read afresh: the session's cached copy of the person can predate a number just verified.
          const person =
            (await ctx.context.internalAdapter.findUserById(ctx.context.session.user.id)) ??
            ctx.context.session.user;
          const status = await secondFactorStatus(db, ctx.context.secretConfig, person.id);
          const number = textableNumber(person as Parameters<typeof textableNumber>[0]);
          return ctx.json({
            ...status,
            // The number texted codes go to, masked, when the account has a verified one and texts can be sent.
            text: number && texts ? phoneHint(number) : null,
            // Required: the operator asks it of owners of communities taking payments, and it is not on yet.
            required: required ? await required(person.id) : false,
          });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
