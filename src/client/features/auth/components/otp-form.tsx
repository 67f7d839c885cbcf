import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { savePendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { goToSecondStep, isSecondFactorRequired } from "#client/features/auth/second-step.ts";
import { verifySignInCode } from "#client/lib/auth-actions.ts";
import { AuthError, sendSignInCode } from "#client/lib/auth-client.ts";
import { leftUnchecked } from "#client/lib/auth-error-messages.ts";
import { emailSignInProblem } from "#client/lib/auth-messages.ts";
import { notify } from "#client/lib/notify.ts";

// Here rather than in auth-messages.ts, which /login loads: only this screen says it.
export const CODE_USED_UP_MESSAGE = "That code is used up after too many tries — send a new code.";

export const RESEND_COOLDOWN_SECONDS = 60;
const CODE_LENGTH = 6;

export function normalizeCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

function secondsLeft(sentAt: number, now: number): number {
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));
}

export function OtpForm({
  email,
  sentAt,
  onVerified,
}: {
  email: string;
  sentAt: number;
  onVerified: () => Promise<void>;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [lastSentAt, setLastSentAt] = useState(sentAt);
  const [now, setNow] = useState(() => Date.now());
  const [blockedUntil, setBlockedUntil] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // State lags a render behind: a paste and a quick Verify can both start before it updates, and a
  // second try of a code the first one already used would report it as wrong.
  const inFlight = useRef(false);
  const verified = useRef(false);
  // better-auth burns a code after too many wrong tries and then calls any guess "invalid".
  const [usedUp, setUsedUp] = useState(false);
  const cooldown = Math.max(secondsLeft(lastSentAt, now), Math.ceil((blockedUntil - now) / 1000));

  // The countdown is a timer, not data loading; it stops once the cooldown is over.
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [cooldown]);

  async function verify(value: string) {
    if (inFlight.current || verified.current) return;
    if (usedUp) {
      setError({ message: CODE_USED_UP_MESSAGE });
      setCode("");
      return;
    }
    inFlight.current = true;
    setVerifying(true);
    setError(null);
    try {
      await verifySignInCode(email, value);
      verified.current = true;
      await onVerified();
      // Stay busy until the page moves on: the code is spent and must not be sent again.
      return;
    } catch (caught) {
      if (isSecondFactorRequired(caught)) {
        // The code is spent either way; the page moves on to the second step.
        verified.current = true;
        goToSecondStep();
        return;
      }
      const problem = emailSignInProblem(caught);
      setError(problem);
      if (caught instanceof AuthError && caught.status === 429 && caught.retryAfter !== undefined) {
        setBlockedUntil(Date.now() + caught.retryAfter * 1000);
      }
      if (caught instanceof AuthError && caught.code === "TOO_MANY_ATTEMPTS") {
        setUsedUp(true);
        // Nothing on the server stops a new code now, so the resend wait is lifted at once.
        setLastSentAt(0);
      }
      // A code that never reached the server is kept, to try again with Verify.
      if (!leftUnchecked(problem)) setCode("");
      inputRef.current?.focus();
    }
    inFlight.current = false;
    setVerifying(false);
  }

  function applyValue(raw: string) {
    const next = normalizeCode(raw);
    setCode(next);
    if (next.length === CODE_LENGTH) void verify(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || verified.current) return;
    if (code.length !== CODE_LENGTH) {
      setError({ message: `Enter the ${CODE_LENGTH}-digit code from the email.` });
      return;
    }
    void verify(code);
  }

  async function resend() {
    setResending(true);
    setError(null);
    try {
      await sendSignInCode(email);
      const sent = Date.now();
      savePendingSignIn(email, sent);
      setLastSentAt(sent);
      setNow(sent);
      setUsedUp(false);
      setCode("");
      notify("success", `A new code is on its way to ${email}`);
      inputRef.current?.focus();
    } catch (caught) {
      setError(emailSignInProblem(caught));
      if (caught instanceof AuthError && caught.retryAfter !== undefined) {
        setBlockedUntil(Date.now() + caught.retryAfter * 1000);
        setNow(Date.now());
      }
    } finally {
      setResending(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Verification code</Label>
        <Input
          ref={inputRef}
          id={`${id}-code`}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          autoFocus
          value={code}
          onChange={(event) => applyValue(event.target.value)}
          onPaste={(event) => {
            // maxLength would cut "123 456" to "123 45" before onChange could strip the space.
            event.preventDefault();
            applyValue(event.clipboardData.getData("text"));
          }}
          disabled={verifying}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          box="h-12 rounded-md px-3 text-center font-mono text-2xl tracking-[0.5em] shadow-xs"
        />
        <FieldError id={errorId} code={error?.code}>
          {error?.message}
        </FieldError>
      </div>
      <Button type="submit" size="lg" disabled={verifying || code.length !== CODE_LENGTH} className="w-full">
        {verifying ? <Spinner label="Checking code" /> : null}
        Verify
      </Button>
      <div className="flex items-center justify-center text-sm text-muted-foreground" aria-live="polite">
        {cooldown > 0 ? (
          <span>
            Resend code in <span className="tabular-nums">{cooldown}</span> s
          </span>
        ) : (
          <Button variant="link" size="none" onClick={resend} disabled={resending}>
            {resending ? <Spinner label="Sending" /> : null}
            Resend code
          </Button>
        )}
      </div>
    </form>
  );
}
