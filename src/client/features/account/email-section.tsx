import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError, type AuthUser, callAuth } from "#client/lib/auth-client.ts";
import { authErrorMessage } from "#client/lib/auth-messages.ts";
import { notify } from "#client/lib/notify.ts";
import { EMAIL_PATTERN } from "#shared/email.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";

const CODE_LENGTH = 6;

type Step = { kind: "shown" } | { kind: "address" } | { kind: "code"; newEmail: string };

function changeProblem(caught: unknown): string {
  // better-auth answers a taken address only once the code was right: the code proved the inbox.
  if (caught instanceof AuthError && /already in use/i.test(caught.message)) {
    return "Another Commons account already uses that address. Sign in with it, or choose another address.";
  }
  return authErrorMessage(caught);
}

/**
 * /me: the address one signs in with and gets mail at. Changing it (or adding one, for people who
 * signed up by phone) takes a code sent to the new address; the old address is told afterwards.
 */
export function EmailSection({ user, refresh }: { user: AuthUser; refresh: () => Promise<unknown> }) {
  const id = useId();
  const phoneOnly = isPhoneOnlyEmail(user.email);
  const [step, setStep] = useState<Step>({ kind: "shown" });
  const [address, setAddress] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const addressInput = useRef<HTMLInputElement>(null);

  // Each step's field takes the focus, so typing goes on where the last button was.
  useEffect(() => {
    if (step.kind === "code") codeInput.current?.focus();
    else if (step.kind === "address") addressInput.current?.focus();
  }, [step.kind]);

  async function sendCode(newEmail: string) {
    setBusy(true);
    setError(null);
    try {
      await callAuth("email-otp/request-email-change", { newEmail });
      setCode("");
      setStep({ kind: "code", newEmail });
    } catch (caught) {
      setError(changeProblem(caught));
    } finally {
      setBusy(false);
    }
  }

  function submitAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newEmail = address.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(newEmail)) {
      setError("Enter a valid email address, like name@example.com.");
      return;
    }
    if (newEmail === user.email.toLowerCase()) {
      setError("That is already your address.");
      return;
    }
    void sendCode(newEmail);
  }

  async function confirm(newEmail: string, otp: string) {
    setBusy(true);
    setError(null);
    try {
      await callAuth("email-otp/change-email", { newEmail, otp });
      await refresh();
      setStep({ kind: "shown" });
      setAddress("");
      notify("success", `You now sign in with ${newEmail}.`);
    } catch (caught) {
      setError(changeProblem(caught));
      setCode("");
      codeInput.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  function submitCode(event: FormEvent<HTMLFormElement>, newEmail: string) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setError("Enter the 6-digit code from the email.");
      return;
    }
    void confirm(newEmail, code);
  }

  function cancel() {
    setStep({ kind: "shown" });
    setError(null);
    setCode("");
  }

  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-5">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
          Email address
        </h2>
        <p className="text-sm text-muted-foreground">
          Sign in with a code sent here. Tickets, receipts and community mail come here too.
        </p>
      </div>
      {step.kind === "shown" ? (
        <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
          {phoneOnly ? (
            <p className="text-sm text-muted-foreground">
              No email address yet: you sign in with your phone number.
            </p>
          ) : (
            <p className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="min-w-0 truncate font-medium">{user.email}</span>
              <Badge variant="success">Verified</Badge>
            </p>
          )}
          <div>
            <Button variant="outline" onClick={() => setStep({ kind: "address" })}>
              {phoneOnly ? "Add an email address" : "Change email address"}
            </Button>
          </div>
        </div>
      ) : step.kind === "address" ? (
        <form
          onSubmit={submitAddress}
          noValidate
          className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-address`}>New email address</Label>
            <Input
              ref={addressInput}
              id={`${id}-address`}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-address-hint ${errorId}` : `${id}-address-hint`}
            />
            <FieldHint id={`${id}-address-hint`}>
              We'll email a 6-digit code there. Until you enter it, nothing changes.
            </FieldHint>
            <FieldError id={errorId}>{error}</FieldError>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label="Sending code" /> : null}
              Send code
            </Button>
            <Button variant="ghost" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(event) => submitCode(event, step.newEmail)}
          noValidate
          className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-code`}>Code from the email</Label>
            <Input
              ref={codeInput}
              id={`${id}-code`}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              readOnly={busy}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-code-hint ${errorId}` : `${id}-code-hint`}
              box="h-12 max-w-56 rounded-md px-3 text-center font-mono text-xl tracking-[0.3em] shadow-xs"
            />
            <FieldHint id={`${id}-code-hint`}>
              We sent it to <span className="break-all font-medium text-foreground">{step.newEmail}</span>. It
              expires in 10 minutes.
            </FieldHint>
            <FieldError id={errorId}>{error}</FieldError>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label="Checking code" /> : null}
              Change address
            </Button>
            <Button variant="outline" onClick={() => sendCode(step.newEmail)} disabled={busy}>
              Send a new code
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setStep({ kind: "address" });
                setError(null);
              }}
              disabled={busy}
            >
              Use another address
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
