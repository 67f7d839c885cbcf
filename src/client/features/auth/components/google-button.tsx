import { useCallback, useRef, useState } from "react";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { goToSecondStep, isSecondFactorRequired } from "#client/features/auth/second-step.ts";
import { signInWithGoogleIdToken } from "#client/lib/auth-actions.ts";
import { AuthError, type AuthProblem } from "#client/lib/auth-client.ts";
import { signInFailed } from "#client/lib/auth-error-messages.ts";
import { emailCodeWords } from "#client/lib/auth-messages.ts";

type GoogleCredentialResponse = { credential?: string };
type GoogleIdentity = {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
        ux_mode?: "popup" | "redirect";
      }) => void;
      renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
    };
  };
};

const SCRIPT_SRC = "https://accounts.google.com/gsi/client";
const UNAVAILABLE = "Google sign-in is unavailable right now. Use your email instead.";

/** What this button finds itself (status 0, a seed code) comes with its words; the rest is the catalogue's. */
const googleWords = (error: AuthError) =>
  error.status === 0 && error.code.startsWith("auth/") ? error.message : emailCodeWords(error);

const googleFailed = (error: unknown) => signInFailed(error, googleWords, { provider: "Google" });

let scriptPromise: Promise<GoogleIdentity> | null = null;

function googleFromWindow(): GoogleIdentity | undefined {
  return (window as unknown as { google?: GoogleIdentity }).google;
}

function loadGoogleScript(): Promise<GoogleIdentity> {
  const existing = googleFromWindow();
  if (existing?.accounts?.id) return Promise.resolve(existing);
  scriptPromise ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const google = googleFromWindow();
      if (google?.accounts?.id) resolve(google);
      else reject(new AuthError(UNAVAILABLE, "auth/internal-error", 0));
    };
    script.onerror = () => {
      scriptPromise = null;
      // Offline, or the script blocked on the way (an extension, a network filter).
      reject(new AuthError(UNAVAILABLE, "auth/network-request-failed", 0));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

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
