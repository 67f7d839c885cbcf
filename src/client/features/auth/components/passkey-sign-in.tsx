import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { type AuthProblem, logAuthProblem, UNREACHABLE } from "#client/lib/auth-client.ts";

// Only the button is part of /login's first load (no icon: lucide's icon code is not in it yet): the WebAuthn code (#client/lib/webauthn.ts and
// the browser library behind it) loads when a passkey is used.
const webauthn = () => import("#client/lib/webauthn.ts");
const supported = () => typeof window.PublicKeyCredential === "function";

/** "Sign in with a passkey", shown where the browser has WebAuthn. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthProblem | null>(null);
  if (!supported()) return null;

  async function signIn() {
    setError(null);
    setBusy(true);
    // Offline, the passkey code itself cannot be downloaded.
    const passkeys = await webauthn().catch(() => null);
    if (!passkeys) {
      setBusy(false);
      return setError(logAuthProblem(UNREACHABLE));
    }
    try {
      await passkeys.signInWithPasskey();
      await onSignedIn();
    } catch (caught) {
      setError(passkeys.passkeySignInProblem(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={busy} onClick={signIn}>
        {busy ? <Spinner label="Waiting for your passkey" /> : null}
        Sign in with a passkey
      </Button>
      <FieldError code={error?.code}>{error?.message}</FieldError>
    </div>
  );
}
