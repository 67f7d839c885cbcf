import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { hasSecondFactorOn, isLiveUser } from "#server/modules/users/users.service.ts";
import { decodeBase32, matchingStep } from "./totp.ts";
import { twoFactor } from "./two-factor.tables.ts";
import { claimTextCode } from "./two-factor-text.ts";

type SecretConfig = Parameters<typeof symmetricDecrypt>[0]["key"];

/** What the checks read of better-auth's request context (a before hook's `ctx`). */
export type FreshCheckContext = Parameters<typeof getSessionFromCtx>[0] & {
  body?: Record<string, unknown>;
  getSignedCookie(name: string, secret: string): Promise<string | null | false>;
  context: {
    secret: string;
    secretConfig: SecretConfig;
    createAuthCookie(name: string): { name: string };
    internalAdapter: { findVerificationValue(identifier: string): Promise<{ value: string } | null> };
  };
};

type Row = typeof twoFactor.$inferSelect;

const fail = (status: "BAD_REQUEST" | "UNAUTHORIZED", code: string, message: string) =>
  new APIError(status, { code, message });

/** The app's secret as the plugin keeps it: encrypted; imported secrets carry a `base32:` prefix. */
async function appKey(secretConfig: SecretConfig, row: Row): Promise<Uint8Array> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  if (secret.startsWith("base32:")) return decodeBase32(secret.slice("base32:".length));
  return new TextEncoder().encode(secret);
}

async function recoveryCodes(secretConfig: SecretConfig, row: Row): Promise<string[]> {
  const parsed: unknown = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: row.backupCodes }));
  return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === "string") : [];
}

/**
 * Accepts an app code once: the step it belongs to must be later than the last one accepted. The
 * conditional update makes two requests racing with the same code end with one accepted.
 */
async function claimAppCode(
  db: Db,
  row: Row,
  key: Uint8Array,
  code: string,
): Promise<"ok" | "wrong" | "used"> {
  const step = matchingStep(key, code, Date.now());
  if (step === null) return "wrong";
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(eq(twoFactor.id, row.id), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0 ? "ok" : "used";
}

const codeAlreadyUsed = () =>
  fail(
    "UNAUTHORIZED",
    "CODE_ALREADY_USED",
    "That code was already used. Wait for the next code in your app.",
  );

async function rowFor(db: Db, userId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

/** The person halfway through signing in, named by the second step's cookie; null without one. */
async function pendingSubject(ctx: FreshCheckContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
}

/** The person a second-factor request is about: the signed-in one, or the one halfway through signing in. */
async function subjectOf(ctx: FreshCheckContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  return session ? session.user.id : pendingSubject(ctx);
}

/**
 * Before the second step of a sign-in is checked (or its code texted): an account deleted since the
 * first step is refused as USER_NOT_FOUND, where better-auth would go on to say the step expired or
 * the factor is off. Signed in (confirming a set-up on /me), there is no such step.
 */
export async function refuseGoneAccount(db: Db, ctx: FreshCheckContext): Promise<void> {
  if (await getSessionFromCtx(ctx)) return;
  const userId = await pendingSubject(ctx);
  // No step at all is better-auth's to answer (INVALID_TWO_FACTOR_COOKIE).
  if (!userId || (await isLiveUser(db, userId))) return;
  throw fail("UNAUTHORIZED", "USER_NOT_FOUND", "This account no longer exists.");
}

function typedCode(ctx: FreshCheckContext): string {
  const code = ctx.body?.code;
  return typeof code === "string" ? code.replace(/\s+/g, "") : "";
}

/**
 * Before better-auth checks an app code (at sign-in or when confirming the set-up): a code already
 * accepted is refused, so one seen over a shoulder or replayed from a request cannot be used again.
 * A wrong code is left to the plugin, which counts it against the tries.
 */
export async function preventCodeReplay(db: Db, ctx: FreshCheckContext): Promise<void> {
  const userId = await subjectOf(ctx);
  if (!userId) return;
  const row = await rowFor(db, userId);
  if (!row) return;
  const outcome = await claimAppCode(db, row, await appKey(ctx.context.secretConfig, row), typedCode(ctx));
  if (outcome === "used") throw codeAlreadyUsed();
}

/**
 * Turning the factor off and making new recovery codes need a current code from the app, a code
 * texted to the verified phone (`/two-factor/send-otp` first), or one of the recovery codes (which
 * it uses up): a session left open on a shared computer is not enough.
 */
export async function freshCheck(db: Db, ctx: FreshCheckContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) throw fail("UNAUTHORIZED", "UNAUTHORIZED", "Sign in first.");
  if (!(await hasSecondFactor(db, session.user.id))) {
    throw fail("BAD_REQUEST", "TWO_FACTOR_NOT_ENABLED", "The second factor is not on.");
  }
  const row = await rowFor(db, session.user.id);
  const code = typedCode(ctx);
  if (code === "") {
    throw fail(
      "BAD_REQUEST",
      "CODE_REQUIRED",
      "Enter a code from your authenticator app, a texted code, or a recovery code.",
    );
  }
  if (/^\d{6}$/.test(code)) {
    if (row?.verified) {
      const outcome = await claimAppCode(db, row, await appKey(ctx.context.secretConfig, row), code);
      if (outcome === "ok") return;
      if (outcome === "used") throw codeAlreadyUsed();
    }
    const texted = await claimTextCode(
      ctx as unknown as Parameters<typeof claimTextCode>[0],
      { userId: session.user.id, sessionId: session.session.id },
      code,
    );
    if (texted === "ok") return;
    throw fail(
      "UNAUTHORIZED",
      "INVALID_CODE",
      row?.verified
        ? "That code isn't right. Enter the code your app shows now."
        : "That code isn't right. Enter the 6 digits we texted you.",
    );
  }
  if (!row) {
    throw fail("UNAUTHORIZED", "INVALID_BACKUP_CODE", "That recovery code isn't right or was already used.");
  }
  const codes = await recoveryCodes(ctx.context.secretConfig, row);
  if (!codes.includes(code)) {
    throw fail("UNAUTHORIZED", "INVALID_BACKUP_CODE", "That recovery code isn't right or was already used.");
  }
  const rest = await symmetricEncrypt({
    key: ctx.context.secretConfig,
    data: JSON.stringify(codes.filter((c) => c !== code)),
  });
  const used = await db
    .update(twoFactor)
    .set({ backupCodes: rest })
    .where(and(eq(twoFactor.id, row.id), eq(twoFactor.backupCodes, row.backupCodes)))
    .returning({ id: twoFactor.id });
  if (used.length === 0) {
    throw fail("UNAUTHORIZED", "INVALID_BACKUP_CODE", "That recovery code isn't right or was already used.");
  }
}

export type SecondFactorStatus = {
  enabled: boolean;
  /** The authenticator app is set up and confirmed. */
  app: boolean;
  recoveryCodesLeft: number;
};

/** What /me shows: whether the factor is on, whether the app is confirmed, and the recovery codes left. */
export async function secondFactorStatus(
  db: Db,
  secretConfig: SecretConfig,
  userId: string,
): Promise<SecondFactorStatus> {
  const enabled = await hasSecondFactor(db, userId);
  const row = await rowFor(db, userId);
  if (!enabled || !row) return { enabled, app: false, recoveryCodesLeft: 0 };
  return { enabled, app: row.verified, recoveryCodesLeft: (await recoveryCodes(secretConfig, row)).length };
}

/** Whether this person has a second factor on: the app, texts or both (the operator's rule for owners asks). */
export async function hasSecondFactor(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  return hasSecondFactorOn(db, userId);
}

/** Whether this person's authenticator app is set up and confirmed. */
export async function hasConfirmedApp(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true)))
    .limit(1);
  return Boolean(row);
}
