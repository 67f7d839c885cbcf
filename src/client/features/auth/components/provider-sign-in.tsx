import { lazy, Suspense, use } from "react";
import type { PublicConfig } from "#client/lib/auth-client.ts";

// Loaded only when the server has a provider configured.
const ProviderPopupButtons = lazy(() => import("./provider-popup-buttons.tsx"));

type ProviderSignInProps = {
  config: Promise<PublicConfig>;
  /** Called once signed in in the pop-up; the page stays as it is. */
  onSignedInWindow: () => Promise<unknown>;
};

/** GitHub, Facebook and X buttons for the configured ones; the email form never waits for them. */
export function ProviderSignIn(props: ProviderSignInProps) {
  return (
    <Suspense>
      <ProviderSignInWhenConfigured {...props} />
    </Suspense>
  );
}

function ProviderSignInWhenConfigured({ config, onSignedInWindow }: ProviderSignInProps) {
  const { signInProviders } = use(config);
  if (signInProviders.length === 0) return null;
  return <ProviderPopupButtons providers={signInProviders} onSignedIn={onSignedInWindow} />;
}
