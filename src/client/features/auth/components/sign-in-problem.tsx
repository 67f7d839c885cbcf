import { useEffect } from "react";
import { AuthProblemNotice } from "#client/components/auth/auth-problem-notice.tsx";
import { describeAuthError, logAuthProblem } from "#client/lib/auth-error-messages.ts";
import { providerName } from "#client/lib/sign-in-providers.ts";

/** Why a provider sent the person back to /login (`?error=…&provider=…`), and what to do now. */
export default function SignInProblem({ error: sent, provider }: { error: string; provider?: string }) {
  const error = sent.slice(0, 100);
  const problem = describeAuthError(error, { provider: providerName(provider) });
  useEffect(() => {
    logAuthProblem(describeAuthError(error));
  }, [error]);
  const accountExists = problem.code === "auth/account-exists-with-different-credential";
  return (
    <AuthProblemNotice problem={problem}>
      {accountExists ? (
        <p className="text-muted-foreground">
          Enter that email below for a code. You will land on your profile, where <strong>Link</strong> next
          to {providerName(provider) ?? "the provider"} adds it to your account.
        </p>
      ) : null}
    </AuthProblemNotice>
  );
}
