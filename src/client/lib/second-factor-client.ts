import { type AuthError, call } from "#client/lib/auth-client.ts";
import { plainMessage } from "#client/lib/auth-error-messages.ts";

/** Talks to better-auth's two-factor plugin (and /second-factor/status) through the auth client. */

/** `required`: the operator asks it of owners of communities taking payments, and it is not on yet. */
/**
 * `app`: the authenticator app is confirmed. `text`: the masked number texted codes go to, when the
 * account has a verified one. `required`: the operator asks it of owners of communities taking
 * payments, and it is not on yet.
 */
export type SecondFactorStatus = {
  enabled: boolean;
  app: boolean;
  text: string | null;
  recoveryCodesLeft: number;
  required: boolean;
};

const textOf = (value: unknown) => (typeof value === "string" && value ? value : null);

export async function getSecondFactorStatus(): Promise<SecondFactorStatus> {
  const body = await call("second-factor/status");
  return {
    enabled: body?.enabled === true,
    app: body?.app === true,
    text: textOf(body?.text),
    recoveryCodesLeft: typeof body?.recoveryCodesLeft === "number" ? body.recoveryCodesLeft : 0,
    required: body?.required === true,
  };
}

/** How the second step of this sign-in can be finished: the app, and texts to the number shown. */
export type SecondStepMethods = { app: boolean; text: string | null };

export async function getSecondStepMethods(): Promise<SecondStepMethods> {
  const body = await call("second-factor/methods");
  return { app: body?.app === true, text: textOf(body?.text) };
}

/** Texts a 6-digit code to the account's verified number: at sign-in, or signed in for a fresh check. */
export async function sendTextCode(): Promise<void> {
  await call("two-factor/send-otp", {});
}

export async function verifyTextCode(code: string, trustDevice = false): Promise<void> {
  await call("two-factor/verify-otp", { code, trustDevice });
}

const codesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];

/** A new secret for the app (not on until `confirmAppSetup`) and the recovery codes that go with it. */
export async function startAppSetup(): Promise<{ totpURI: string; recoveryCodes: string[] }> {
  const body = await call("two-factor/enable", {});
  return { totpURI: String(body?.totpURI ?? ""), recoveryCodes: codesOf(body?.backupCodes) };
}

/** The first code from the app turns the factor on; at sign-in, a code finishes the second step. */
export async function verifyAppCode(code: string, trustDevice = false): Promise<void> {
  await call("two-factor/verify-totp", { code, trustDevice });
}

export async function verifyRecoveryCode(code: string, trustDevice = false): Promise<void> {
  await call("two-factor/verify-backup-code", { code: code.trim(), trustDevice });
}

/** `check`: a current app code or a recovery code. */
export async function newRecoveryCodes(check: string): Promise<string[]> {
  return codesOf((await call("two-factor/generate-backup-codes", { code: check }))?.backupCodes);
}

/** Turns the second factor on with texts alone, given the code just texted; answers the recovery codes. */
export async function turnOnTexts(code: string): Promise<string[]> {
  return codesOf((await call("second-factor/enable-text", { code }))?.recoveryCodes);
}

export async function turnOffSecondFactor(check: string): Promise<void> {
  await call("two-factor/disable", { code: check });
}

/** The secret printed for typing into an app by hand, in groups of four. */
export function manualSecret(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

/** The second factor's own words for the server's codes; the rest is the catalogue's. */
export function secondFactorWords(error: AuthError): string | undefined {
  switch (error.code) {
    case "INVALID_CODE":
      return "That code isn't right. Enter the 6-digit code your app shows now.";
    case "CODE_ALREADY_USED":
      return "That code was already used. Wait for the next code in your app.";
    case "INVALID_BACKUP_CODE":
      return "That recovery code isn't right or was already used.";
    case "CODE_REQUIRED":
      return "Enter a code from your authenticator app, a texted code, or a recovery code.";
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return "Too many wrong codes for this account. Try again in 15 minutes.";
    case "OTP_HAS_EXPIRED":
      return "That code has expired or was replaced by a newer one. Ask for a new code.";
    case "NO_VERIFIED_PHONE":
      return "There is no verified phone number on this account to text a code to.";
    case "RATE_LIMITED_PHONE":
    case "RATE_LIMITED_PHONE_NUMBERS":
      return error.message;
    default:
      return error.status === 429 ? "Too many attempts. Wait a minute and try again." : undefined;
  }
}

/** The sentence alone, for /me's second-factor screens. */
export function secondFactorErrorMessage(error: unknown): string {
  return plainMessage(error, secondFactorWords);
}

/**
 * Failures after which the second step cannot go on, by their code (authProblemOf's): too many
 * wrong codes, the step expired or missing, or its account gone. The person starts again.
 */
export function endsTheSignIn(code: string): boolean {
  return (
    code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" ||
    code === "auth/missing-multi-factor-info" ||
    code === "auth/user-not-found"
  );
}
