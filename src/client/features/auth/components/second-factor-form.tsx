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
  type SecondStepMethods,
  secondFactorWords,
  sendTextCode,
  verifyAppCode,
  verifyRecoveryCode,
  verifyTextCode,
} from "#client/lib/second-factor-client.ts";

const CODE_LENGTH = 6;

type Kind = "app" | "text" | "recovery";

const LABELS: Record<Kind, string> = {
  app: "Code from your app",
  text: "Code we texted you",
  recovery: "Recovery code",
};

const SWITCH_TO: Record<Kind, string> = {
  app: "Use the code from your app",
  text: "Text me a code instead",
  recovery: "Use a recovery code instead",
};

/**
 * The second step of a sign-in: the code the authenticator app shows, a code texted to the
 * account's verified number, or one recovery code, and whether to trust this device for 30 days.
 */
export function SecondFactorForm({
  methods = { app: true, text: null },
  onVerified,
  onSignInEnded,
}: {
  /** What this account can use besides its recovery codes (GET /second-factor/methods). */
  methods?: SecondStepMethods;
  onVerified: () => Promise<void>;
  /** The sign-in cannot go on (too many tries, expired, its account gone): start again, saying why. */
  onSignInEnded: (problem: AuthProblem) => void;
}) {
  const id = useId();
  const kinds: Kind[] = [
    ...(methods.app ? (["app"] as const) : []),
    ...(methods.text ? (["text"] as const) : []),
    "recovery",
  ];
  const [kind, setKind] = useState<Kind>(kinds[0] ?? "recovery");
  const [textSent, setTextSent] = useState(false);
  const [sending, setSending] = useState(false);
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
      else if (kind === "text") await verifyTextCode(value, trust);
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
      if (kind !== "recovery" && !leftUnchecked(problem)) setCode("");
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
    const next = raw.replace(/\D/g, "").slice(0, CODE_LENGTH);
    setCode(next);
    if (next.length === CODE_LENGTH) void verify(next);
  }

  async function sendText() {
    setSending(true);
    setError(null);
    try {
      await sendTextCode();
      setTextSent(true);
      setCode("");
      inputRef.current?.focus();
    } catch (caught) {
      const problem = authProblemOf(caught, {}, secondFactorWords);
      if (endsTheSignIn(problem.code)) {
        onSignInEnded(problem);
        return;
      }
      setError(logAuthProblem(problem));
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (kind === "app" && value.length !== CODE_LENGTH) {
      setError({ message: "Enter the 6-digit code your authenticator app shows." });
      return;
    }
    if (kind === "text" && !textSent) {
      void sendText();
      return;
    }
    if (kind === "text" && value.length !== CODE_LENGTH) {
      setError({ message: "Enter the 6-digit code we texted you." });
      return;
    }
    if (kind === "recovery" && value === "") {
      setError({ message: "Enter one of your recovery codes." });
      return;
    }
    void verify(value);
  }

  function switchKind(next: Kind) {
    setKind(next);
    setCode("");
    setError(null);
    inputRef.current?.focus();
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const waitingForText = kind === "text" && !textSent;
  const hint =
    kind === "app"
      ? "Open your authenticator app and type the 6-digit code it shows for Commons."
      : kind === "text"
        ? textSent
          ? `We texted a 6-digit code to ${methods.text}. It works for 10 minutes.`
          : `We'll text a 6-digit code to ${methods.text}.`
        : "One of the 10 codes you saved when you turned the second factor on. Each works once.";
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        {waitingForText ? null : (
          <>
            <Label htmlFor={`${id}-code`}>{LABELS[kind]}</Label>
            <Input
              ref={inputRef}
              id={`${id}-code`}
              name={kind === "recovery" ? "recovery-code" : "code"}
              autoComplete={kind === "recovery" ? "off" : "one-time-code"}
              inputMode={kind === "recovery" ? "text" : "numeric"}
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
          </>
        )}
        <FieldHint id={hintId}>{hint}</FieldHint>
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
      {waitingForText ? (
        <Button type="submit" size="lg" disabled={sending} className="w-full">
          {sending ? <Spinner label="Sending code" /> : null}
          Text me a code
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? <Spinner label="Checking code" /> : null}
          Verify
        </Button>
      )}
      <div className="grid justify-items-center gap-2">
        {kind === "text" && textSent ? (
          <Button variant="link" size="none" onClick={() => void sendText()} disabled={busy || sending}>
            {sending ? "Sending…" : "Send a new code"}
          </Button>
        ) : null}
        {kinds
          .filter((other) => other !== kind)
          .map((other) => (
            <Button
              key={other}
              variant="link"
              size="none"
              onClick={() => switchKind(other)}
              disabled={busy || sending}
            >
              {SWITCH_TO[other]}
            </Button>
          ))}
      </div>
    </form>
  );
}
