import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { secondFactorErrorMessage } from "#client/lib/second-factor-client.ts";

/**
 * A fresh check before changing the factor: a code the app shows now, or a recovery code. What
 * was typed stays in the field when the server refuses it.
 */
export function SecondFactorCheck({
  action,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  action: string;
  destructive?: boolean;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (value === "") {
      setError("Enter a code from your authenticator app or a recovery code.");
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
        <Label htmlFor={`${id}-code`}>Code from your app, or a recovery code</Label>
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
        <FieldHint id={`${id}-hint`}>To confirm it is you, enter the code your app shows now.</FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? <Spinner label="Checking code" /> : null}
          {action}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
