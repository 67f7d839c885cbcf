import { useCallback, useRef, useState } from "react";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { goToSecondStep, isSecondFactorRequired } from "#client/features/auth/second-step.ts";
import { signInWithGoogleIdToken } from "#client/lib/auth-actions.ts";
import { AuthError, type AuthProblem } from "#client/lib/auth-client.ts";
import { signInFailed } from "#client/lib/auth-error-messages.ts";
import { emailCodeWords } from "#client/lib/auth-messages.ts";
import { loadGoogleScript } from "#client/lib/google-identity.ts";

/** What this button finds itself (status 0, a seed code) comes with its words; the rest is the catalogue's. */
const googleWords = (error: AuthError) =>
  error.status === 0 && error.code.startsWith("auth/") ? error.message : emailCodeWords(error);

const googleFailed = (error: unknown) => signInFailed(error, googleWords, { provider: "Google" });

export function GoogleButton({
  clientId,
  dark,
  onSignedIn,
}: {
  clientId: string;
  dark: boolean;
  onSignedIn: () => Promise<void>;
}) {
  const [error, setError] = useState<AuthProblem | null>(null);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  // A ref callback renders Google's own button into this element once its script has loaded.
  const mount = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      let cancelled = false;
      loadGoogleScript()
        .then((google) => {
          if (cancelled) return;
          google.accounts.id.initialize({
            client_id: clientId,
            ux_mode: "popup",
            callback: (response) => {
              if (!response.credential) {
                const none = "Google did not return an account. Please try again.";
                setError(googleFailed(new AuthError(none, "auth/invalid-app-credential", 0)));
                return;
              }
              setError(null);
              signInWithGoogleIdToken(response.credential)
                .then(() => onSignedInRef.current())
                .catch((caught: unknown) => {
                  if (isSecondFactorRequired(caught)) goToSecondStep();
                  else setError(googleFailed(caught));
                });
            },
          });
          google.accounts.id.renderButton(element, {
            type: "standard",
            theme: dark ? "filled_black" : "outline",
            size: "large",
            text: "continue_with",
            shape: "rectangular",
            width: Math.min(element.clientWidth || 384, 400),
          });
        })
        .catch((caught: unknown) => {
          if (!cancelled) setError(googleFailed(caught));
        });
      return () => {
        cancelled = true;
        element.replaceChildren();
      };
    },
    [clientId, dark],
  );

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <div ref={mount} className="flex min-h-10 justify-center" />
      <FieldError code={error?.code}>{error?.message}</FieldError>
    </div>
  );
}
