import { lazy, Suspense, use } from "react";
import type { PublicConfig } from "#client/lib/auth-client.ts";

// Loaded only when the server has a provider configured, keeping it out of the /login budget otherwise.
const ProviderButtons = lazy(() => import("./provider-buttons.tsx"));

type ProviderSignInProps = {
  config: Promise<PublicConfig>;
  returnTo: string;
  /** Sign in in a pop-up, keeping the page; called once signed in. */
  onSignedInWindow?: () => Promise<unknown>;
};

/** GitHub, Facebook and X buttons for the configured ones; the email form never waits for them. */
export function ProviderSignIn(props: ProviderSignInProps) {
  return (
    <Suspense>
      <ProviderSignInWhenConfigured {...props} />
    </Suspense>
  );
}

function ProviderSignInWhenConfigured({ config, returnTo, onSignedInWindow }: ProviderSignInProps) {
  const { signInProviders } = use(config);
  if (signInProviders.length === 0) return null;
  return (
    <ProviderButtons
      providers={signInProviders}
      returnTo={returnTo}
      divider
      onSignedInWindow={onSignedInWindow}
    />
  );
}
