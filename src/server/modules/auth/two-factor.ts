import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint, createAuthMiddleware, sessionMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import type { Db } from "#server/db/client.ts";
import {
  type FreshCheckContext,
  freshCheck,
  preventCodeReplay,
  refuseGoneAccount,
  secondFactorStatus,
} from "./two-factor-checks.ts";

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
   * Codes by text message as a second factor, once a sender exists: handed to the plugin's
   * `otpOptions.sendOTP` (which then offers `otp` at sign-in). Unset, only the app is offered.
   */
  sendCodeByText?: (message: { userId: string; code: string }) => Promise<void>;
};

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
    // refuses (it is not mounted either: auth-routes.ts).
    ...(sendCodeByText
      ? {
          otpOptions: {
            period: SECOND_STEP_MINUTES,
            allowedAttempts: 5,
            storeOTP: "hashed" as const,
            sendOTP: ({ user, otp }: { user: { id: string }; otp: string }) =>
              sendCodeByText({ userId: user.id, code: otp }),
          },
        }
      : {}),
  });
  const after = plugin.hooks?.after ?? [];
  const challenge = after[0];
  if (!challenge || after.length !== 1)
    throw new Error("better-auth's two-factor plugin changed its sign-in hook");
  plugin.hooks = {
    ...plugin.hooks,
    after: [{ ...challenge, matcher: (context) => CHALLENGED_SIGN_INS.has(context.path ?? "") }],
  };
  return [plugin, commonsSecondFactor(db, required)];
}

function commonsSecondFactor(db: Db, required: ((userId: string) => Promise<boolean>) | null) {
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
          const userId = ctx.context.session.user.id;
          const status = await secondFactorStatus(db, ctx.context.secretConfig, userId);
          // Required: the operator asks it of owners of communities taking payments, and it is not on yet.
          return ctx.json({ ...status, required: required ? await required(userId) : false });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
