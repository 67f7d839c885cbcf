import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { secondFactorErrorMessage, sendTextCode, turnOnTexts } from "#client/lib/second-factor-client.ts";

/**
 * Turning the second factor on with texts: a code was just texted to the verified number; entering
 * it turns the factor on and answers the recovery codes.
 */
export function TextSecondFactorSetup({
  number,
  onTurnedOn,
  onCancel,
}: {
  number: string;
  onTurnedOn: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(value)) {
      setError("Enter the 6-digit code we texted you.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onTurnedOn(await turnOnTexts(value));
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    setError(null);
    try {
      await sendTextCode();
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
    } finally {
      setResending(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-3 rounded-lg border p-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Code we texted to {number}</Label>
        <Input
          id={`${id}-code`}
          name="text-code"
          autoComplete="one-time-code"
          inputMode="numeric"
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
          From now on, signing in will text a code to this number. The code works for 10 minutes.
        </FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner label="Checking code" /> : null}
          Turn on
        </Button>
        <Button type="button" variant="ghost" onClick={() => void resend()} disabled={busy || resending}>
          {resending ? <Spinner label="Sending code" /> : null}
          Send a new code
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
