import { useState } from "react";
import { AuthProblemNotice } from "#client/components/auth/auth-problem-notice.tsx";
import { OrDivider } from "#client/components/auth/or-divider.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { SignInProvider } from "#client/lib/auth-client.ts";
import type { AuthProblem } from "#client/lib/auth-error-messages.ts";
import { PROVIDER_NAMES } from "#client/lib/sign-in-providers.ts";

/**
 * "Sign in with GitHub" and the like ("Continue" alone names the email form's button). What a
 * button does is the caller's: /login sends the whole page to the provider (no pop-up to be
 * blocked), a page with a form on it opens a pop-up and keeps the form.
 */
export function ProviderButtons({
  providers,
  divider,
  signIn,
  onIntent,
}: {
  providers: SignInProvider[];
  divider: boolean;
  /** The problem that stopped the sign-in, or null once signed in; a sign-in that leaves the page never settles. */
  signIn: (provider: SignInProvider) => Promise<AuthProblem | null>;
  /** A pointer, a finger or the keyboard reached a button: time to fetch what `signIn` needs. */
  onIntent?: () => void;
}) {
  const [leaving, setLeaving] = useState<SignInProvider | null>(null);
  const [problem, setProblem] = useState<AuthProblem | null>(null);

  async function continueWith(provider: SignInProvider) {
    setLeaving(provider);
    setProblem(null);
    setProblem(await signIn(provider));
    setLeaving(null);
  }

  return (
    <div className="grid gap-2">
      {divider ? <OrDivider className="mb-2" /> : null}
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          size="lg"
          className="w-full"
          disabled={leaving !== null}
          onPointerEnter={onIntent}
          onFocus={onIntent}
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
