import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { AuthError, callAuth } from "./auth-client.ts";
import { type AuthProblem, signInFailed } from "./auth-error-messages.ts";

// Passkeys (WebAuthn) for /me and /login. The browser library loads only when a ceremony starts,
// keeping it out of /login's initial JavaScript.
const library = () => import("@simplewebauthn/browser");

/** Whether this browser has WebAuthn at all; checked without loading the library. */
export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** A canceled or timed-out prompt, or another ceremony taking over: nothing to report as a failure. */
function ceremonyError(caught: unknown): never {
  const name = caught instanceof Error ? caught.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    throw new AuthError("The passkey prompt was closed before it finished.", "PASSKEY_CANCELED", 0);
  }
  if (name === "InvalidStateError") {
    throw new AuthError("This device already holds a passkey for your account.", "PASSKEY_EXISTS", 0);
  }
  if (caught instanceof AuthError) throw caught;
  throw new AuthError("This browser could not use a passkey here.", "PASSKEY_UNAVAILABLE", 0);
}

/**
 * Creates a passkey on this device for the signed-in account and stores it under `name`. The server
 * names the account for the device (its address, or a phone sign-up's number).
 */
export async function registerPasskey(name: string): Promise<void> {
  const { startRegistration } = await library();
  const optionsJSON = (await callAuth(
    "passkey/generate-register-options",
  )) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = await startRegistration({ optionsJSON }).catch(ceremonyError);
  await callAuth("passkey/verify-registration", { response, name });
}

/**
 * Signs in with a passkey. `autofill`: the browser offers the passkeys in the email field's
 * suggestions (conditional UI) and this resolves when one is picked; false when it cannot.
 */
export async function signInWithPasskey(options: { autofill?: boolean } = {}): Promise<boolean> {
  const { startAuthentication, browserSupportsWebAuthnAutofill } = await library();
  if (options.autofill && !(await browserSupportsWebAuthnAutofill())) return false;
  const optionsJSON = (await callAuth(
    "passkey/generate-authenticate-options",
  )) as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({
    optionsJSON,
    useBrowserAutofill: options.autofill ?? false,
  }).catch(ceremonyError);
  await callAuth("passkey/verify-authentication", { response });
  return true;
}

/** A passkey sign-in's own words for what the browser or the server said; the rest is the catalogue's. */
function passkeyWords(caught: AuthError): string | undefined {
  if (caught.code.startsWith("PASSKEY_")) {
    return caught.code === "PASSKEY_NOT_FOUND"
      ? "That passkey is not registered here any more: it was removed, or its account was deleted. Sign in with your email instead."
      : caught.message;
  }
  if (caught.code === "AUTHENTICATION_FAILED") {
    return "Signing in with the passkey did not work. Try again, or use your email.";
  }
  return undefined;
}

/** What /login says when a passkey sign-in did not work, logged with its code. */
export function passkeySignInProblem(caught: unknown): AuthProblem {
  return signInFailed(caught, passkeyWords);
}

let autofillStarted = false;

/**
 * Conditional UI: once the email field is touched or typed in, the browser may offer the passkeys
 * saved for this site among its suggestions. Started on that first interaction (the field is
 * focused on load), so the WebAuthn code is not part of /login's first load.
 */
export function offerPasskeyAutofill(onSignedIn: () => Promise<void>) {
  if (autofillStarted || !passkeysSupported()) return;
  autofillStarted = true;
  signInWithPasskey({ autofill: true })
    .then(async (signedIn) => {
      if (signedIn) await onSignedIn();
    })
    .catch(() => {
      // A closed prompt or another ceremony taking over: the button and the email still work.
      autofillStarted = false;
    });
}
