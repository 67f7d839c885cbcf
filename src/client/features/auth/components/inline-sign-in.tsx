import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { clearPendingSignIn, readPendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { getPublicConfig } from "#client/lib/auth-client.ts";
import { LoginForm } from "./login-form.tsx";
import { OtpForm } from "./otp-form.tsx";
import { EmailOrPhone } from "./phone-sign-in.tsx";
import { ProviderSignIn } from "./provider-sign-in.tsx";
import { WelcomeForm } from "./welcome-form.tsx";

type Step = { kind: "email" } | { kind: "code"; email: string; sentAt: number } | { kind: "name" };

/**
 * Email -> code -> name (for new people), without leaving the page: the auth store is refreshed
 * in place, so the rest of the app sees the session at once.
 */
export function InlineSignIn({
  intro,
  email,
  nameHint = "The organizer sees this name on the guest list.",
  onSignedIn,
  onCancel,
}: {
  intro?: string;
  /** The address to start from (e.g. the one an invitation was sent to). */
  email?: string;
  /** Why the name is asked, for people new to Commons. */
  nameHint?: string;
  onSignedIn: () => Promise<unknown>;
  onCancel?: () => void;
}) {
  const auth = useAuth();
  const [step, setStep] = useState<Step>({ kind: "email" });

  async function afterCode() {
    const user = await auth.refresh();
    clearPendingSignIn();
    if (user && user.name.trim().length === 0) setStep({ kind: "name" });
    else await onSignedIn();
  }

  async function afterName() {
    await auth.refresh();
    await onSignedIn();
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-semibold">
          {step.kind === "email"
            ? "Sign in to continue"
            : step.kind === "code"
              ? "Check your email"
              : "What should we call you?"}
        </h3>
        <p className="text-sm text-muted-foreground">
          {step.kind === "email" ? (
            (intro ?? "We'll email you a 6-digit code. No password needed.")
          ) : step.kind === "code" ? (
            <>
              We sent a code to{" "}
              <strong className="font-medium break-all text-foreground">{step.email}</strong>
            </>
          ) : (
            nameHint
          )}
        </p>
      </div>
      {step.kind === "email" ? (
        <>
          <EmailOrPhone
            config={getPublicConfig()}
            onSignedIn={afterCode}
            emailForm={
              <LoginForm
                initialEmail={readPendingSignIn()?.email ?? email ?? ""}
                onCodeSent={() => {
                  const pending = readPendingSignIn();
                  if (pending) setStep({ kind: "code", email: pending.email, sentAt: pending.sentAt });
                }}
              />
            }
          />
          <ProviderSignIn config={getPublicConfig()} onSignedInWindow={afterCode} />
        </>
      ) : step.kind === "code" ? (
        <OtpForm email={step.email} sentAt={step.sentAt} onVerified={afterCode} />
      ) : (
        <WelcomeForm onSaved={afterName} />
      )}
      {step.kind === "code" || onCancel ? (
        <div className="flex flex-wrap justify-center gap-x-4 text-sm">
          {step.kind === "code" ? (
            <Button
              variant="link"
              size="none"
              className="text-muted-foreground"
              onClick={() => setStep({ kind: "email" })}
            >
              Use a different email
            </Button>
          ) : null}
          {onCancel && step.kind !== "name" ? (
            <Button variant="link" size="none" className="text-muted-foreground" onClick={onCancel}>
              Back to the form
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
