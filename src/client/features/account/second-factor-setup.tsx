import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { manualSecret, secondFactorErrorMessage, verifyAppCode } from "#client/lib/second-factor-client.ts";
import { SecondFactorQr } from "./second-factor-qr.tsx";

/** Scan (or type) the secret, then prove the app works with its first code: only then is it on. */
export function SecondFactorSetup({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError("Enter the 6-digit code your app shows.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyAppCode(code);
      onConfirmed();
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>Open an authenticator app on your phone (any app that supports time-based codes).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        <SecondFactorQr uri={totpURI} />
        <div className="grid gap-1 text-sm">
          <span className="font-medium">Key for typing in</span>
          <code className="max-w-64 break-all rounded-md bg-muted px-2 py-1 font-mono">
            {manualSecret(totpURI)}
          </code>
          <span className="text-muted-foreground">Time-based, 6 digits, every 30 seconds.</span>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-code`}>Code from the app</Label>
          <Input
            id={`${id}-code`}
            name="setup-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${errorId}` : `${id}-hint`}
            className="font-mono tracking-[0.3em]"
          />
          <FieldHint id={`${id}-hint`}>The second factor is on once this code is accepted.</FieldHint>
          <FieldError id={errorId}>{error}</FieldError>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner label="Checking code" /> : null}
            Turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
