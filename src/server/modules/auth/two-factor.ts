import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint, createAuthMiddleware, sessionMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import type { Db } from "#server/db/client.ts";
import {
  type FreshCheckContext,
  freshCheck,
  preventCodeReplay,
  secondFactorStatus,
} from "./two-factor-checks.ts";
import { phoneHint, TEXT_CODE_ATTEMPTS, TEXT_CODE_MINUTES, textableNumber } from "./two-factor-text.ts";

export const TRUST_DEVICE_DAYS = 30;
/** How long the second step of a sign-in stays open after the first. */
export const SECOND_STEP_MINUTES = 10;

/**
 * Every sign-in that ends in a new session, except a passkey (which is already two factors). The
 * plugin on its own asks only after password, username and phone-number sign-ins; the email code
 * Google's ID token and the phone code sign in through these paths as well.
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
  return [plugin, commonsSecondFactor(db, required, Boolean(sendCodeByText))];
}

function commonsSecondFactor(
  db: Db,
  required: ((userId: string) => Promise<boolean>) | null,
  texts: boolean,
) {
  return {
    id: "commons-second-factor",
    hooks: {
      // A provider's sign-in ends in a redirect, which cannot carry the second step's answer: an
      // account with a second factor is not signed in that way, and /login says how to sign in.
      after: [
        {
          matcher: (context) => isProviderCallback(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);
            const provider = String((ctx.params as { id?: string } | undefined)?.id ?? "");
            const search = new URLSearchParams({ error: "second_factor_required", provider });
            throw ctx.redirect(new URL(`/login?${search}`, ctx.context.baseURL).toString());
          }),
        },
      ],
      before: [
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
