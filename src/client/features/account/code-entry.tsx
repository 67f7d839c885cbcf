import { type FormEvent, type ReactNode, useState } from "react";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { secondFactorErrorMessage, sendTextCode } from "#client/lib/second-factor-client.ts";

/**
 * The state of a form that sends one code: `problem` says what is wrong with the typed value
 * before anything is sent; a refusal from the server shows as a sentence and keeps what was typed.
 */
export function useCodeForm({
  problem,
  submit,
}: {
  problem: (value: string) => string | null;
  submit: (value: string) => Promise<void>;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    const wrong = problem(value);
    if (wrong) {
      setError(wrong);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await submit(value);
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
      setBusy(false);
    }
  }

  return { code, setCode, error, setError, busy, onSubmit };
}

/** Texts a second-factor code to the verified number; a refusal shows through `setError`. */
export function useTextCodeSender(setError: (error: string | null) => void) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send() {
    setSending(true);
    setError(null);
    try {
      await sendTextCode();
      setSent(true);
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  return { sending, sent, send };
}

/** The code's field with its label, hint and error, tied together for screen readers. */
export function CodeField({
  id,
  label,
  name,
  hint,
  form,
  numeric = false,
  autoFocus = false,
  maxLength,
  onChange,
  className = "font-mono",
}: {
  id: string;
  label: ReactNode;
  name: string;
  hint: ReactNode;
  form: Pick<ReturnType<typeof useCodeForm>, "code" | "setCode" | "error" | "busy">;
  numeric?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  /** Shapes what was typed before it is kept (e.g. digits only). */
  onChange?: (typed: string) => string;
  className?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-code`}>{label}</Label>
      <Input
        id={`${id}-code`}
        name={name}
        autoComplete="one-time-code"
        inputMode={numeric ? "numeric" : undefined}
        spellCheck={false}
        autoFocus={autoFocus}
        maxLength={maxLength}
        value={form.code}
        onChange={(event) => form.setCode(onChange ? onChange(event.target.value) : event.target.value)}
        disabled={form.busy}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={form.error ? `${id}-hint ${errorId}` : `${id}-hint`}
        className={className}
      />
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={errorId}>{form.error}</FieldError>
    </div>
  );
}
