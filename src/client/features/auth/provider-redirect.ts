import type { SignInProvider } from "#client/lib/auth-client.ts";
import { type AuthProblem, authProblemOf, logAuthProblem } from "#client/lib/auth-error-messages.ts";
import { startProviderSignIn } from "#client/lib/auth-provider-client.ts";
import { PROVIDER_NAMES } from "#client/lib/sign-in-providers.ts";

/** Where a provider sends the browser when signing in fails: /login, which says why and offers the other ways. */
function signInErrorPath(provider: SignInProvider, returnTo: string): string {
  return `/login?${new URLSearchParams({ provider, redirect: returnTo })}`;
}

/**
 * Sends the whole page to the provider, which brings the person back to `returnTo`, or to /login
 * saying what went wrong. Settles only when the provider's address could not be had, with why.
 */
export async function leaveForProvider(provider: SignInProvider, returnTo: string): Promise<AuthProblem> {
  let url: string;
  try {
    url = await startProviderSignIn(provider, {
      callbackURL: returnTo,
      errorCallbackURL: signInErrorPath(provider, returnTo),
    });
  } catch (caught) {
    const problem = authProblemOf(caught, { provider: PROVIDER_NAMES[provider] });
    logAuthProblem(problem);
    return problem;
  }
  window.location.assign(url);
  return new Promise<never>(() => {});
}
