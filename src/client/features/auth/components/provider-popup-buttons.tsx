import { signInInWindow } from "#client/features/auth/sign-in-window.ts";
import type { SignInProvider } from "#client/lib/auth-client.ts";
import { logAuthProblem } from "#client/lib/auth-error-messages.ts";
import { ProviderButtons } from "./provider-buttons.tsx";

/** The provider buttons of a page with a form on it: each signs in in a pop-up, so the form stays. */
export default function ProviderPopupButtons({
  providers,
  onSignedIn,
}: {
  providers: SignInProvider[];
  onSignedIn: () => Promise<unknown>;
}) {
  async function signIn(provider: SignInProvider) {
    const problem = await signInInWindow(provider);
    if (problem) {
      logAuthProblem(problem);
      return problem;
    }
    await onSignedIn();
    return null;
  }
  return <ProviderButtons providers={providers} divider signIn={signIn} />;
}
