import { useState } from "react";
import { AuthProblemNotice } from "#client/components/auth/auth-problem-notice.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { signInInWindow } from "#client/features/auth/sign-in-window.ts";
import type { SignInProvider } from "#client/lib/auth-client.ts";
import { type AuthProblem, authProblemOf, logAuthProblem } from "#client/lib/auth-error-messages.ts";
import { startProviderSignIn } from "#client/lib/auth-provider-client.ts";
import { PROVIDER_NAMES, signInErrorPath } from "#client/lib/sign-in-providers.ts";

/**
 * "Sign in with GitHub" and the like ("Continue" alone names the email form's button). On /login
 * the whole page goes to the provider and comes back to `returnTo` (or to /login saying what went
 * wrong): no pop-up to be blocked. Inside a page with a form on it, a pop-up keeps the form.
 */
export default function ProviderButtons({
  providers,
  returnTo,
  divider,
  onSignedInWindow,
}: {
  providers: SignInProvider[];
  returnTo: string;
  divider: boolean;
  /** Sign in in a pop-up instead, keeping this page as it is; called once signed in. */
  onSignedInWindow?: () => Promise<unknown>;
}) {
  const [leaving, setLeaving] = useState<SignInProvider | null>(null);
  const [problem, setProblem] = useState<AuthProblem | null>(null);

  async function continueWith(provider: SignInProvider) {
    setLeaving(provider);
    setProblem(null);
    if (onSignedInWindow) {
      const ended = await signInInWindow(provider);
      if (ended) {
        logAuthProblem(ended);
        setProblem(ended);
      } else await onSignedInWindow();
      setLeaving(null);
      return;
    }
    try {
      const url = await startProviderSignIn(provider, {
        callbackURL: returnTo,
        errorCallbackURL: signInErrorPath(provider, returnTo),
      });
      window.location.assign(url);
    } catch (caught) {
      const described = authProblemOf(caught, { provider: PROVIDER_NAMES[provider] });
      logAuthProblem(described);
      setProblem(described);
      setLeaving(null);
    }
  }

  return (
    <div className="grid gap-2">
      {divider ? (
        <div className="mb-2 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          size="lg"
          className="w-full"
          disabled={leaving !== null}
          onClick={() => continueWith(provider)}
        >
          {leaving === provider ? <Spinner label={`Opening ${PROVIDER_NAMES[provider]}`} /> : null}
          Sign in with {PROVIDER_NAMES[provider]}
        </Button>
      ))}
      {problem ? <AuthProblemNotice problem={problem} /> : null}
    </div>
  );
}
