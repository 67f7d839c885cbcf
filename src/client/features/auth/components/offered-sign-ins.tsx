import {
  logAuthProblem,
  type PublicConfig,
  type SignInProvider,
  UNREACHABLE,
} from "#client/lib/auth-client.ts";
import { GoogleButton } from "./google-button.tsx";
import { ProviderButtons } from "./provider-buttons.tsx";

// What a provider's button does loads when the person reaches for one, not with /login.
const redirect = () => import("#client/features/auth/provider-redirect.ts");
const prepare = () => void redirect().catch(() => {});

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
          divider={!config.googleClientId}
          signIn={(provider: SignInProvider) =>
            redirect().then(
              ({ leaveForProvider }) => leaveForProvider(provider, returnTo),
              // When that code could not be fetched, the connection is what failed.
              () => logAuthProblem(UNREACHABLE),
            )
          }
          onIntent={prepare}
        />
      ) : null}
    </>
  );
}
