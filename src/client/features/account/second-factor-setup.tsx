import { useId } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { manualSecret, verifyAppCode } from "#client/lib/second-factor-client.ts";
import { CodeField, useCodeForm } from "./code-entry.tsx";
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
  const form = useCodeForm({
    problem: (value) => (/^\d{6}$/.test(value) ? null : "Enter the 6-digit code your app shows."),
    submit: async (value) => {
      await verifyAppCode(value);
      onConfirmed();
    },
  });

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
      <form onSubmit={form.onSubmit} noValidate className="grid max-w-sm gap-3">
        <CodeField
          id={id}
          label="Code from the app"
          name="setup-code"
          numeric
          maxLength={6}
          onChange={(typed) => typed.replace(/\D/g, "").slice(0, 6)}
          form={form}
          hint="The second factor is on once this code is accepted."
          className="font-mono tracking-[0.3em]"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.busy}>
            {form.busy ? <Spinner label="Checking code" /> : null}
            Turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={form.busy}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
