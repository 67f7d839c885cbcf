import { useCallback, useRef, useState } from "react";
import { OrDivider } from "#client/components/auth/or-divider.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { AuthError, type AuthProblem, logAuthProblem, UNREACHABLE } from "#client/lib/auth-client.ts";
import { loadGoogleScript } from "#client/lib/google-identity.ts";

// What follows Google's answer (our sign-in call, its words, the second step) loads once the
// person reaches for the button, by pointer, touch or keyboard, rather than with /login.
const finishing = () => import("#client/features/auth/google-sign-in.ts");
const prepare = () => void finishing().catch(() => {});

/** Google's script fails with its own words and the seed's code (lib/google-identity.ts): no catalogue needed. */
const scriptProblem = (caught: unknown): AuthProblem =>
  caught instanceof AuthError ? { code: caught.code, message: caught.message } : UNREACHABLE;

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
      // Google's frame goes in this box: a pointer, finger or the keyboard reaching it shows here.
      element.addEventListener("pointerenter", prepare);
      element.addEventListener("focusin", prepare);
      loadGoogleScript()
        .then((google) => {
          if (cancelled) return;
          google.accounts.id.initialize({
            client_id: clientId,
            ux_mode: "popup",
            callback: (response) => {
              setError(null);
              finishing().then(
                ({ finishGoogleSignIn }) =>
                  finishGoogleSignIn(response.credential, () => onSignedInRef.current()).then(setError),
                () => setError(logAuthProblem(UNREACHABLE)),
              );
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
          if (!cancelled) setError(logAuthProblem(scriptProblem(caught)));
        });
      return () => {
        cancelled = true;
        element.removeEventListener("pointerenter", prepare);
        element.removeEventListener("focusin", prepare);
        element.replaceChildren();
      };
    },
    [clientId, dark],
  );

  return (
    <div className="grid gap-4">
      <OrDivider />
      <div ref={mount} className="flex min-h-10 justify-center" />
      <FieldError code={error?.code}>{error?.message}</FieldError>
    </div>
  );
}
