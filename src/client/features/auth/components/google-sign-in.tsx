import { lazy, Suspense, use } from "react";
import type { PublicConfig } from "#client/lib/auth-client.ts";

// Loaded only when the server has Google configured, keeping it out of the /login budget otherwise.
const GoogleButton = lazy(() =>
  import("./google-button.tsx").then((module) => ({ default: module.GoogleButton })),
);

type GoogleSignInProps = { config: Promise<PublicConfig>; onSignedIn: () => Promise<void>; dark: boolean };

/** Shown only when the server has a Google client id; the email form never waits for it. */
export function GoogleSignIn(props: GoogleSignInProps) {
  return (
    <Suspense>
      <GoogleSignInWhenConfigured {...props} />
    </Suspense>
  );
}

function GoogleSignInWhenConfigured({ config, onSignedIn, dark }: GoogleSignInProps) {
  const clientId = use(config).googleClientId;
  if (!clientId) return null;
  return <GoogleButton clientId={clientId} dark={dark} onSignedIn={onSignedIn} />;
}
