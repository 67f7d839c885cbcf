import { useCallback, useRef } from "react";
import { useTheme } from "#client/components/theme/theme-provider.tsx";
import { loadGoogleScript } from "#client/lib/google-identity.ts";

/**
 * Google's own button, linking the Google account it picks to this one: Google answers an ID token
 * in its pop-up, which the server checks as it does for sign-in (better-auth's `link-social`).
 */
export function GoogleLink({
  clientId,
  onCredential,
  onUnavailable,
}: {
  clientId: string;
  onCredential: (idToken: string | null) => void;
  onUnavailable: () => void;
}) {
  const { resolvedTheme } = useTheme();
  const dark = resolvedTheme === "dark";
  const handlers = useRef({ onCredential, onUnavailable });
  handlers.current = { onCredential, onUnavailable };

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
            callback: (response) => handlers.current.onCredential(response.credential ?? null),
          });
          google.accounts.id.renderButton(element, {
            type: "standard",
            theme: dark ? "filled_black" : "outline",
            size: "medium",
            text: "continue_with",
            shape: "rectangular",
          });
        })
        .catch(() => {
          if (!cancelled) handlers.current.onUnavailable();
        });
      return () => {
        cancelled = true;
        element.replaceChildren();
      };
    },
    [clientId, dark],
  );

  return <div ref={mount} className="min-h-8" data-testid="google-link" />;
}
