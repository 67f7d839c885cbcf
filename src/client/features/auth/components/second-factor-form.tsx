import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { AuthProblem } from "#client/lib/auth-client.ts";
import { authProblemOf, leftUnchecked, logAuthProblem } from "#client/lib/auth-error-messages.ts";
import {
  endsTheSignIn,
  secondFactorWords,
  verifyAppCode,
  verifyRecoveryCode,
} from "#client/lib/second-factor-client.ts";

const APP_CODE_LENGTH = 6;

/**
 * The second step of a sign-in: the code the authenticator app shows, or one recovery code, and
 * whether to trust this device for 30 days.
 */
export function SecondFactorForm({
  onVerified,
  onSignInEnded,
}: {
  onVerified: () => Promise<void>;
  /** The sign-in cannot go on (too many tries, expired, its account gone): start again, saying why. */
  onSignInEnded: (problem: AuthProblem) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<"app" | "recovery">("app");
  const [code, setCode] = useState("");
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);

  async function verify(value: string) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      if (kind === "app") await verifyAppCode(value, trust);
      else await verifyRecoveryCode(value, trust);
      await onVerified();
      return;
    } catch (caught) {
      const problem = authProblemOf(caught, {}, secondFactorWords);
      if (endsTheSignIn(problem.code)) {
        // Shown (and logged) where the sign-in starts again.
        onSignInEnded(problem);
        return;
      }
      setError(logAuthProblem(problem));
      if (kind === "app" && !leftUnchecked(problem)) setCode("");
      inputRef.current?.focus();
    }
    inFlight.current = false;
    setBusy(false);
  }

  function onChange(raw: string) {
    if (kind === "recovery") {
      setCode(raw);
      return;
    }
    const next = raw.replace(/\D/g, "").slice(0, APP_CODE_LENGTH);
    setCode(next);
    if (next.length === APP_CODE_LENGTH) void verify(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (kind === "app" && value.length !== APP_CODE_LENGTH) {
      setError({ message: "Enter the 6-digit code your authenticator app shows." });
      return;
    }
    if (kind === "recovery" && value === "") {
      setError({ message: "Enter one of your recovery codes." });
      return;
    }
    void verify(value);
  }

  function switchKind() {
    setKind(kind === "app" ? "recovery" : "app");
    setCode("");
    setError(null);
    inputRef.current?.focus();
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>{kind === "app" ? "Code from your app" : "Recovery code"}</Label>
        <Input
          ref={inputRef}
          id={`${id}-code`}
          name={kind === "app" ? "code" : "recovery-code"}
          autoComplete={kind === "app" ? "one-time-code" : "off"}
          inputMode={kind === "app" ? "numeric" : "text"}
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => onChange(event.target.value)}
          // Read-only rather than disabled while checking, so focus can come back to it after a refusal.
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          box="h-12 rounded-md px-3 text-center font-mono text-xl tracking-[0.3em] shadow-xs"
        />
        <FieldHint id={hintId}>
          {kind === "app"
            ? "Open your authenticator app and type the 6-digit code it shows for Commons."
            : "One of the 10 codes you saved when you turned the second factor on. Each works once."}
        </FieldHint>
        <FieldError id={errorId} code={error?.code}>
          {error?.message}
        </FieldError>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={trust}
          onChange={(event) => setTrust(event.target.checked)}
        />
        Trust this device for 30 days
      </label>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner label="Checking code" /> : null}
        Verify
      </Button>
      <Button variant="link" size="none" onClick={switchKind} disabled={busy} className="justify-self-center">
        {kind === "app" ? "Use a recovery code instead" : "Use the code from your app"}
      </Button>
    </form>
  );
}
