import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError } from "#client/lib/auth-client.ts";
import { leftUnchecked, signInFailed } from "#client/lib/auth-error-messages.ts";
import { sendPhoneCode, verifyPhoneCode } from "#client/lib/phone-auth-client.ts";
import { phoneWords } from "./phone-messages.ts";
import { browserCountry, type CountryCode, formatPhoneNumber, toE164 } from "./phone-number.ts";
import { PhoneNumberField } from "./phone-number-field.tsx";

const CODE_LENGTH = 6;
export const PHONE_RESEND_SECONDS = 60;

/**
 * Asks for a number, texts it a code, and checks the code: to sign in (`toAccount` false) or to
 * put the number on the signed-in person's account. Everything typed stays on an error.
 */
export function PhoneVerifier({
  toAccount,
  submitLabel,
  onVerified,
  onStepUp,
  onCancel,
  autoFocus = true,
}: {
  toAccount: boolean;
  submitLabel: string;
  onVerified: (phoneNumber: string) => Promise<void>;
  /** A sign-in that went through and still asks for its second factor: the caller moves on. */
  onStepUp?: (error: unknown) => boolean;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [country, setCountry] = useState<CountryCode>(() => browserCountry());
  const [typed, setTyped] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState(0);
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const inFlight = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const cooldown = Math.max(0, Math.ceil((sentAt + PHONE_RESEND_SECONDS * 1000 - now) / 1000));

  // The resend countdown; it stops once the wait is over.
  useEffect(() => {
    if (!sentTo || cooldown <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [sentTo, cooldown]);

  async function send(number: string) {
    setBusy(true);
    setError(null);
    try {
      await sendPhoneCode(number);
      const at = Date.now();
      setSentTo(number);
      setSentAt(at);
      setNow(at);
      setCode("");
      codeRef.current?.focus();
    } catch (caught) {
      setError(signInFailed(caught, phoneWords));
    } finally {
      setBusy(false);
    }
  }

  function handleNumber(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = toE164(typed, country);
    if (!number) {
      setError({ message: "Enter a phone number that can get texts, with its country chosen above." });
      return;
    }
    void send(number);
  }

  async function verify(value: string) {
    if (!sentTo || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await verifyPhoneCode(sentTo, value, toAccount);
      await onVerified(sentTo);
    } catch (caught) {
      // The code is spent either way; stay busy while the page moves on to the second step.
      if (onStepUp?.(caught)) return;
      const problem = signInFailed(caught, phoneWords);
      setError(problem);
      // A spent code cannot be tried again: the resend wait is lifted at once.
      if (
        caught instanceof AuthError &&
        ["TOO_MANY_ATTEMPTS", "OTP_EXPIRED", "OTP_NOT_FOUND"].includes(caught.code)
      ) {
        setSentAt(0);
      }
      if (!leftUnchecked(problem)) setCode("");
      codeRef.current?.focus();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function applyCode(raw: string) {
    const next = raw.replace(/\D/g, "").slice(0, CODE_LENGTH);
    setCode(next);
    if (next.length === CODE_LENGTH) void verify(next);
  }

  function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setError({ message: `Enter the ${CODE_LENGTH}-digit code from the text.` });
      return;
    }
    void verify(code);
  }

  if (!sentTo) {
    return (
      <form onSubmit={handleNumber} noValidate className="grid gap-4">
        <PhoneNumberField
          id={id}
          country={country}
          onCountryChange={setCountry}
          number={typed}
          onNumberChange={setTyped}
          error={error}
          disabled={busy}
          autoFocus={autoFocus}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={busy} className={onCancel ? undefined : "w-full"}>
            {busy ? <Spinner label="Sending code" /> : null}
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="ghost" size="lg" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    );
  }

  const errorId = `${id}-code-error`;
  return (
    <form onSubmit={handleCode} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        We texted a {CODE_LENGTH}-digit code to{" "}
        <span className="font-medium text-foreground">{formatPhoneNumber(sentTo)}</span>.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Code from the text</Label>
        <Input
          ref={codeRef}
          id={`${id}-code`}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          autoFocus
          value={code}
          onChange={(event) => applyCode(event.target.value)}
          onPaste={(event) => {
            event.preventDefault();
            applyCode(event.clipboardData.getData("text"));
          }}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          box="h-12 rounded-md px-3 text-center font-mono text-2xl tracking-[0.5em] shadow-xs"
        />
        <FieldError id={errorId} code={error?.code}>
          {error?.message}
        </FieldError>
      </div>
      <Button type="submit" size="lg" disabled={busy || code.length !== CODE_LENGTH}>
        {busy ? <Spinner label="Checking code" /> : null}
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span aria-live="polite">
          {cooldown > 0 ? (
            <span>
              Resend code in <span className="tabular-nums">{cooldown}</span> s
            </span>
          ) : (
            <Button variant="link" size="none" onClick={() => void send(sentTo)} disabled={busy}>
              Resend code
            </Button>
          )}
        </span>
        <Button
          variant="link"
          size="none"
          disabled={busy}
          onClick={() => {
            setSentTo(null);
            setError(null);
            setCode("");
          }}
        >
          Use a different number
        </Button>
        {onCancel ? (
          <Button variant="link" size="none" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
