import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { secondFactorErrorMessage, sendTextCode } from "#client/lib/second-factor-client.ts";

/**
 * A fresh check before changing the factor: a code the app shows now, a code texted to the
 * verified phone, or a recovery code. What was typed stays in the field when the server refuses it.
 */
export function SecondFactorCheck({
  action,
  destructive = false,
  textTo = null,
  onConfirm,
  onCancel,
}: {
  action: string;
  destructive?: boolean;
  /** The masked number a code can be texted to, when the account has a verified one. */
  textTo?: string | null;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [texted, setTexted] = useState(false);
  const [sending, setSending] = useState(false);

  async function textCode() {
    setSending(true);
    setError(null);
    try {
      await sendTextCode();
      setTexted(true);
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (value === "") {
      setError(
        textTo
          ? "Enter a code from your authenticator app, the code we texted you, or a recovery code."
          : "Enter a code from your authenticator app or a recovery code.",
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(value);
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-3 rounded-lg border p-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>
          {textTo
            ? "Code from your app or your phone, or a recovery code"
            : "Code from your app, or a recovery code"}
        </Label>
        <Input
          id={`${id}-code`}
          name="check-code"
          autoComplete="one-time-code"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${errorId}` : `${id}-hint`}
          className="font-mono"
        />
        <FieldHint id={`${id}-hint`}>
          {texted
            ? `We texted a 6-digit code to ${textTo}. Enter it to confirm it is you.`
            : "To confirm it is you, enter the code your app shows now."}
        </FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? <Spinner label="Checking code" /> : null}
          {action}
        </Button>
        {textTo ? (
          <Button type="button" variant="outline" onClick={() => void textCode()} disabled={busy || sending}>
            {sending ? <Spinner label="Sending code" /> : null}
            {texted ? "Text a new code" : "Text me a code"}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
