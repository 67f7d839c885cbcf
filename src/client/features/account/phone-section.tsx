import { Suspense, use, useState } from "react";
import { phoneErrorMessage } from "#client/components/phone/phone-messages.ts";
import { formatPhoneNumber } from "#client/components/phone/phone-number.ts";
import { PhoneVerifier } from "#client/components/phone/phone-verifier.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { type AuthUser, getPublicConfig } from "#client/lib/auth-client.ts";
import { notify } from "#client/lib/notify.ts";
import { removePhoneNumber } from "#client/lib/phone-auth-client.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";

type PhoneSectionProps = {
  user: AuthUser;
  /** Reads the account again once the number changed (the route hands the auth store's refresh). */
  refresh: () => Promise<unknown>;
};

/** /me: the phone number one signs in with — add, verify, change, remove. */
export function PhoneSection(props: PhoneSectionProps) {
  return (
    <Suspense>
      <PhoneSectionWhenOffered {...props} />
    </Suspense>
  );
}

function PhoneSectionWhenOffered({ user, refresh }: PhoneSectionProps) {
  const config = use(getPublicConfig());
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Without texts there is nothing to add; a number already on the account is still shown.
  if (!config.phoneSignIn && !user.phoneNumber) return null;
  const phoneOnly = isPhoneOnlyEmail(user.email);

  async function remove() {
    setRemoving(true);
    setError(null);
    try {
      await removePhoneNumber();
      await refresh();
      setConfirming(false);
      notify("success", "Your phone number is removed.");
    } catch (caught) {
      setError(phoneErrorMessage(caught));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <section aria-labelledby="phone-section-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="phone-section-title" className="text-xl font-semibold tracking-tight">
          Phone number
        </h2>
        <p className="text-sm text-muted-foreground">Sign in with a code sent by text message.</p>
      </div>
      {editing ? (
        <PhoneVerifier
          toAccount
          submitLabel="Send code"
          onCancel={() => setEditing(false)}
          onVerified={async () => {
            await refresh();
            setEditing(false);
            notify("success", "Your phone number is verified.");
          }}
        />
      ) : user.phoneNumber ? (
        <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium tabular-nums">{formatPhoneNumber(user.phoneNumber)}</span>
            <Badge variant="success">Verified</Badge>
          </p>
          {confirming ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm">You will no longer be able to sign in with this number.</span>
              <Button variant="destructive" onClick={remove} disabled={removing}>
                {removing ? <Spinner label="Removing" /> : null}
                Remove number
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)} disabled={removing}>
                Keep it
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => setEditing(true)} disabled={!config.phoneSignIn}>
                Change number
              </Button>
              {phoneOnly ? null : (
                <Button variant="outline" onClick={() => setConfirming(true)}>
                  Remove
                </Button>
              )}
            </div>
          )}
          {phoneOnly ? (
            <FieldHint>This number is how you sign in, so it can be changed but not removed.</FieldHint>
          ) : null}
          <FieldError>{error}</FieldError>
        </div>
      ) : (
        <div>
          <Button variant="outline" onClick={() => setEditing(true)}>
            Add a phone number
          </Button>
        </div>
      )}
    </section>
  );
}
