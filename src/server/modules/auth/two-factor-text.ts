import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { generateRandomString, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { checkTextSend, textLimitError, textSendBlocked } from "./phone-limits.service.ts";
import type { SendText } from "./phone-sender.ts";
import { twoFactor } from "./two-factor.tables.ts";

/** Codes texted as a second factor last as long as the second step itself, and allow as many tries. */
export const TEXT_CODE_MINUTES = 10;
export const TEXT_CODE_ATTEMPTS = 5;
const RECOVERY_CODES = { amount: 10, length: 10 };

/** The person as the second-factor checks read them (better-auth's user, with the phone plugin's fields). */
type Person = {
  id: string;
  twoFactorEnabled?: boolean | null;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
};

/** The number a code can be texted to: a verified one. */
export const textableNumber = (person: Person | null | undefined): string | null =>
  person?.phoneNumber && person.phoneNumberVerified ? person.phoneNumber : null;

/** "+44 •••• ••4567": enough to recognise one's own phone, not enough to learn a stranger's. */
export function phoneHint(number: string): string {
  return `${number.slice(0, 3)} •••• ••${number.slice(-4)}`;
}

/** As the two-factor plugin stores its texted codes: SHA-256, base64url without padding. */
const codeHash = (code: string) => createHash("sha256").update(code).digest("base64url");

type TextOptions = {
  db: Db;
  sendText: SendText;
  clock: () => Date;
  clientAddressHeader: string;
};

type HeaderCarrier = { request?: Request; headers?: Headers } | undefined;

/**
 * Texted codes as a second factor (decision 023): what the two-factor plugin's `otpOptions.sendOTP`
 * calls, under the phone sign-in's limits (texts cost money). The plugin runs the sender in the
 * background and only logs its failures, so the refusals a person must see are made before it, in
 * `textSecondFactorPlugin`'s hook on `/two-factor/send-otp`.
 */
export function textCodeSender(options: TextOptions) {
  const addressOf = (ctx: HeaderCarrier) =>
    ctx?.request?.headers.get(options.clientAddressHeader) ??
    ctx?.headers?.get(options.clientAddressHeader) ??
    "server";
  return async ({ user, otp }: { user: Person; otp: string }, ctx?: HeaderCarrier) => {
    const number = textableNumber(user);
    if (!number) return;
    const refusal = await checkTextSend(options.db, {
      phoneNumber: number,
      address: addressOf(ctx),
      now: options.clock(),
    });
    if (refusal) throw textLimitError(refusal);
    await options.sendText(
      number,
      `${otp} is your Commons security code. It expires in ${TEXT_CODE_MINUTES} minutes. Nobody from Commons will ask you for it.`,
    );
  };
}

/** What the checks read of better-auth's request context. */
type TextContext = {
  path?: string;
  body?: Record<string, unknown>;
  request?: Request;
  headers?: Headers;
  getSignedCookie(name: string, secret: string): Promise<string | null | false>;
  context: {
    secret: string;
    session?: { session: { id: string }; user: Person } | null;
    createAuthCookie(name: string): { name: string };
    internalAdapter: {
      findVerificationValue(identifier: string): Promise<{ value: string } | null>;
      consumeVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
      createVerificationValue(data: { value: string; identifier: string; expiresAt: Date }): Promise<unknown>;
      findUserById(id: string): Promise<Person | null>;
    };
  };
};

/**
 * Checks a code texted to a signed-in person (`/two-factor/send-otp` with their session): the
 * plugin keeps it under the person and session, hashed, with a count of wrong tries.
 */
export async function claimTextCode(
  ctx: TextContext,
  session: { userId: string; sessionId: string },
  code: string,
): Promise<"ok" | "wrong" | "none"> {
  const identifier = `2fa-otp-${session.userId}!${session.sessionId}`;
  const consumed = await ctx.context.internalAdapter.consumeVerificationValue(identifier);
  if (!consumed || new Date(consumed.expiresAt).getTime() <= Date.now()) return "none";
  const [hash = "", counter = "0"] = consumed.value.split(":");
  const tries = Number.parseInt(counter, 10) || 0;
  if (tries >= TEXT_CODE_ATTEMPTS) return "none";
  if (hash === codeHash(code)) return "ok";
  await ctx.context.internalAdapter.createVerificationValue({
    value: `${hash}:${tries + 1}`,
    identifier,
    expiresAt: consumed.expiresAt,
  });
  return "wrong";
}

/** The person a second-factor request is about: the signed-in one, or the one halfway through signing in. */
async function personOf(ctx: TextContext): Promise<Person | null> {
  // Read afresh: the session's cached copy of the person can predate a number just verified.
  const signedIn = await getSessionFromCtx(ctx as unknown as Parameters<typeof getSessionFromCtx>[0]);
  if (signedIn) return ctx.context.internalAdapter.findUserById(signedIn.user.id);
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const userId = (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value;
  return userId ? ctx.context.internalAdapter.findUserById(userId) : null;
}

const refuse = (status: "BAD_REQUEST" | "UNAUTHORIZED", code: string, message: string) =>
  new APIError(status, { code, message });

/**
 * Recovery codes for a person whose only factor is texts: the plugin makes them only with the app.
 * Kept in its table beside an app secret that is not confirmed, so the app is not offered until set up.
 */
async function recoveryCodesFor(
  db: Db,
  secretConfig: Parameters<typeof symmetricEncrypt>[0]["key"],
  userId: string,
) {
  const codes = Array.from({ length: RECOVERY_CODES.amount }, () => {
    const code = generateRandomString(RECOVERY_CODES.length, "a-z", "0-9", "A-Z");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
  const backupCodes = await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(codes) });
  const [existing] = await db
    .select({ id: twoFactor.id, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (existing?.verified) return null;
  const secret = await symmetricEncrypt({ key: secretConfig, data: generateRandomString(32) });
  if (existing) await db.update(twoFactor).set({ backupCodes, secret }).where(eq(twoFactor.id, existing.id));
  else
    await db
      .insert(twoFactor)
      .values({ id: generateRandomString(32), userId, secret, backupCodes, verified: false });
  return codes;
}

export function textSecondFactorPlugin(
  options: TextOptions & {
    /** Whether texts can be sent at all (TWILIO_… set, or printed to the log outside production). */
    texts: boolean;
    hasConfirmedApp: (userId: string) => Promise<boolean>;
  },
) {
  const { db } = options;
  const addressOf = (ctx: HeaderCarrier) =>
    ctx?.request?.headers.get(options.clientAddressHeader) ??
    ctx?.headers?.get(options.clientAddressHeader) ??
    "server";
  return {
    id: "commons-text-second-factor",
    hooks: {
      before: [
        {
          // A code is texted only to a verified number and within the texts' limits; said here,
          // where the person can be told, rather than in the sender the plugin runs unwatched.
          matcher: (context: { path?: string }) => context.path === "/two-factor/send-otp",
          handler: createAuthMiddleware(async (ctx) => {
            const c = ctx as unknown as TextContext;
            const number = textableNumber(await personOf(c));
            if (!number) {
              throw refuse(
                "BAD_REQUEST",
                "NO_VERIFIED_PHONE",
                "There is no verified phone number on this account to text a code to.",
              );
            }
            const refusal = await textSendBlocked(db, {
              phoneNumber: number,
              address: addressOf(c),
              now: options.clock(),
            });
            if (refusal) throw textLimitError(refusal);
          }),
        },
        {
          // Removing the number that is someone's only second factor would leave them the recovery
          // codes alone: they set up the app or turn the factor off first.
          matcher: (context: { path?: string; body?: unknown }) =>
            context.path === "/update-user" &&
            (context.body as { phoneNumber?: unknown } | undefined)?.phoneNumber === null,
          handler: createAuthMiddleware(async (ctx) => {
            const person = await personOf(ctx as unknown as TextContext);
            if (!person?.twoFactorEnabled || (await options.hasConfirmedApp(person.id))) return;
            throw refuse(
              "BAD_REQUEST",
              "PHONE_IS_SECOND_FACTOR",
              "Texts to this number are your second factor. Set up an authenticator app or turn the second factor off before removing it.",
            );
          }),
        },
      ],
    },
    endpoints: {
      /**
       * The ways the second step can be finished, for the person halfway through signing in (or
       * signed in): the app once confirmed, and texts to their verified number (masked).
       */
      secondStepMethods: createAuthEndpoint("/second-factor/methods", { method: "GET" }, async (ctx) => {
        const person = await personOf(ctx as unknown as TextContext);
        if (!person) {
          throw refuse(
            "UNAUTHORIZED",
            "INVALID_TWO_FACTOR_COOKIE",
            "This sign-in has expired. Sign in again.",
          );
        }
        const number = options.texts ? textableNumber(person) : null;
        return ctx.json({
          app: await options.hasConfirmedApp(person.id),
          text: number ? phoneHint(number) : null,
        });
      }),
      /**
       * Turns the second factor on with texts alone: the person asked for a code
       * (`/two-factor/send-otp` with their session) and enters it here. Answers the recovery codes.
       */
      enableTextSecondFactor: createAuthEndpoint(
        "/second-factor/enable-text",
        { method: "POST", use: [sessionMiddleware] },
        async (ctx) => {
          const c = ctx as unknown as TextContext;
          const { session, user } = ctx.context.session;
          const person = (await c.context.internalAdapter.findUserById(user.id)) ?? (user as Person);
          if (person.twoFactorEnabled) {
            throw refuse("BAD_REQUEST", "TWO_FACTOR_ALREADY_ENABLED", "The second factor is already on.");
          }
          if (!options.texts || !textableNumber(person)) {
            throw refuse("BAD_REQUEST", "NO_VERIFIED_PHONE", "Add and verify a phone number first.");
          }
          const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? "").replace(/\s+/g, "");
          const outcome = await claimTextCode(c, { userId: user.id, sessionId: session.id }, code);
          if (outcome === "none") {
            throw refuse("BAD_REQUEST", "OTP_HAS_EXPIRED", "That code has expired. Ask for a new one.");
          }
          if (outcome === "wrong") {
            throw refuse(
              "UNAUTHORIZED",
              "INVALID_CODE",
              "That code isn't right. Enter the 6 digits we texted you.",
            );
          }
          const recoveryCodes = (await recoveryCodesFor(db, ctx.context.secretConfig, user.id)) ?? [];
          const updated = await ctx.context.internalAdapter.updateUser(user.id, { twoFactorEnabled: true });
          // A new session carries the new state in its cookie cache; the old one ends.
          const fresh = await ctx.context.internalAdapter.createSession(user.id, false, session);
          await setSessionCookie(ctx, { session: fresh, user: updated });
          await ctx.context.internalAdapter.deleteSession(session.token);
          return ctx.json({ recoveryCodes });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
