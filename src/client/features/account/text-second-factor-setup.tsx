import { useId } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { turnOnTexts } from "#client/lib/second-factor-client.ts";
import { CodeField, useCodeForm, useTextCodeSender } from "./code-entry.tsx";

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
  const form = useCodeForm({
    problem: (value) => (/^\d{6}$/.test(value) ? null : "Enter the 6-digit code we texted you."),
    submit: async (value) => onTurnedOn(await turnOnTexts(value)),
  });
  const sender = useTextCodeSender(form.setError);

  return (
    <form onSubmit={form.onSubmit} noValidate className="grid max-w-sm gap-3 rounded-lg border p-4">
      <CodeField
        id={id}
        label={`Code we texted to ${number}`}
        name="text-code"
        numeric
        autoFocus
        form={form}
        hint="From now on, signing in will text a code to this number. The code works for 10 minutes."
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? <Spinner label="Checking code" /> : null}
          Turn on
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => void sender.send()}
          disabled={form.busy || sender.sending}
        >
          {sender.sending ? <Spinner label="Sending code" /> : null}
          Send a new code
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
