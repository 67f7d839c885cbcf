import { useCallback, useRef, useState } from "react";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { goToSecondStep, isSecondFactorRequired } from "#client/features/auth/second-step.ts";
import { signInWithGoogleIdToken } from "#client/lib/auth-actions.ts";
import { authErrorMessage } from "#client/lib/auth-messages.ts";
import { loadGoogleScript } from "#client/lib/google-identity.ts";

export function GoogleButton({
  clientId,
  dark,
  onSignedIn,
}: {
  clientId: string;
  dark: boolean;
  onSignedIn: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
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
                setError("Google did not return an account. Please try again.");
                return;
              }
              setError(null);
              signInWithGoogleIdToken(response.credential)
                .then(() => onSignedInRef.current())
                .catch((caught: unknown) => {
                  if (isSecondFactorRequired(caught)) goToSecondStep();
                  else setError(authErrorMessage(caught));
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
        .catch(() => {
          if (!cancelled) setError("Google sign-in is unavailable right now. Use your email instead.");
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
      <FieldError>{error}</FieldError>
    </div>
  );
}
