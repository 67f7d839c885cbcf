import type { PublicConfig } from "#client/lib/auth-client.ts";
import { GoogleButton } from "./google-button.tsx";
import ProviderButtons from "./provider-buttons.tsx";

/** Google's button (with its own "or" line above it), then the GitHub, Facebook and X buttons. */
export default function OfferedSignIns({
  config,
  dark,
  returnTo,
  onSignedIn,
}: {
  config: PublicConfig;
  dark: boolean;
  returnTo: string;
  onSignedIn: () => Promise<void>;
}) {
  return (
    <>
      {config.googleClientId ? (
        <GoogleButton clientId={config.googleClientId} dark={dark} onSignedIn={onSignedIn} />
      ) : null}
      {config.signInProviders.length > 0 ? (
        <ProviderButtons
          providers={config.signInProviders}
          returnTo={returnTo}
          divider={!config.googleClientId}
        />
      ) : null}
    </>
  );
}
