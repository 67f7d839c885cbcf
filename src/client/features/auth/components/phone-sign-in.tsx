import { lazy, type ReactNode, Suspense, use, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { PublicConfig } from "#client/lib/auth-client.ts";

// Loaded when someone chooses their phone: the country list and number rules stay out of the
// /login budget (bench/login-javascript.ts).
const PhoneSignInForm = lazy(() =>
  import("./phone-sign-in-form.tsx").then((module) => ({ default: module.PhoneSignInForm })),
);

/** The email form, or the phone one when the server can text codes and the person asks for it. */
export function EmailOrPhone({
  config,
  emailForm,
  onSignedIn,
}: {
  config: Promise<PublicConfig>;
  emailForm: ReactNode;
  onSignedIn: () => Promise<void>;
}) {
  const [phone, setPhone] = useState(false);
  return (
    <div className="grid gap-4">
      {phone ? (
        <Suspense fallback={<Spinner label="Loading" />}>
          <PhoneSignInForm onSignedIn={onSignedIn} />
        </Suspense>
      ) : (
        emailForm
      )}
      <Suspense>
        <PhoneChoice config={config} phone={phone} onChange={setPhone} />
      </Suspense>
    </div>
  );
}

function PhoneChoice({
  config,
  phone,
  onChange,
}: {
  config: Promise<PublicConfig>;
  phone: boolean;
  onChange: (phone: boolean) => void;
}) {
  if (!use(config).phoneSignIn) return null;
  return (
    <Button variant="link" size="none" className="justify-self-center" onClick={() => onChange(!phone)}>
      {phone ? "Use your email instead" : "Use your phone number instead"}
    </Button>
  );
}
