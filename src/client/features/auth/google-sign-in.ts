import { goToSecondStep, isSecondFactorRequired } from "#client/features/auth/second-step.ts";
import { signInWithGoogleIdToken } from "#client/lib/auth-actions.ts";
import { AuthError, type AuthProblem } from "#client/lib/auth-client.ts";
import { signInFailed } from "#client/lib/auth-error-messages.ts";
import { emailCodeWords } from "#client/lib/auth-messages.ts";

/** What this button finds itself (status 0, a seed code) comes with its words; the rest is the catalogue's. */
const googleWords = (error: AuthError) =>
  error.status === 0 && error.code.startsWith("auth/") ? error.message : emailCodeWords(error);

/** A failure of Google's button (its script, its answer, our sign-in call), described and logged. */
export const googleFailed = (error: unknown) => signInFailed(error, googleWords, { provider: "Google" });

/**
 * Signs in with the ID token Google's button answered, then carries on with `onSignedIn`.
 * Resolves with what to tell the person when that failed, or null; an account with a second
 * factor goes on to /two-factor.
 */
export async function finishGoogleSignIn(
  credential: string | undefined,
  onSignedIn: () => Promise<void>,
): Promise<AuthProblem | null> {
  if (!credential) {
    const none = "Google did not return an account. Please try again.";
    return googleFailed(new AuthError(none, "auth/invalid-app-credential", 0));
  }
  try {
    await signInWithGoogleIdToken(credential);
    await onSignedIn();
    return null;
  } catch (caught) {
    if (!isSecondFactorRequired(caught)) return googleFailed(caught);
    goToSecondStep();
    return null;
  }
}
