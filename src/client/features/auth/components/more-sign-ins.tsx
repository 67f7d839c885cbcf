import { lazy, Suspense, use } from "react";
import type { PublicConfig } from "#client/lib/auth-client.ts";

// Google's button and the GitHub, Facebook and X ones, in one chunk that loads only when the
// server offers one of them: /login's first load stays within its budget (bench/login-javascript.ts).
const OfferedSignIns = lazy(() => import("./offered-sign-ins-entry.ts"));

type MoreSignInsProps = {
  config: Promise<PublicConfig>;
  dark: boolean;
  /** Where the providers send the browser back to. */
  returnTo: string;
  /** After Google's sign-in, which happens without leaving the page. */
  onSignedIn: () => Promise<void>;
};

/** /login's other ways in, shown once the server's configuration names them; the email form never waits. */
export function MoreSignIns(props: MoreSignInsProps) {
  return (
    <Suspense>
      <WhenOffered {...props} />
    </Suspense>
  );
}

function WhenOffered({ config, ...rest }: MoreSignInsProps) {
  const offered = use(config);
  if (!offered.googleClientId && offered.signInProviders.length === 0) return null;
  return <OfferedSignIns config={offered} {...rest} />;
}
