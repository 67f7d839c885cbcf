import { useId } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { CodeField, useCodeForm, useTextCodeSender } from "./code-entry.tsx";

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
  const form = useCodeForm({
    problem: (value) =>
      value !== ""
        ? null
        : textTo
          ? "Enter a code from your authenticator app, the code we texted you, or a recovery code."
          : "Enter a code from your authenticator app or a recovery code.",
    submit: onConfirm,
  });
  const sender = useTextCodeSender(form.setError);

  return (
    <form onSubmit={form.onSubmit} noValidate className="grid max-w-sm gap-3 rounded-lg border p-4">
      <CodeField
        id={id}
        label={
          textTo
            ? "Code from your app or your phone, or a recovery code"
            : "Code from your app, or a recovery code"
        }
        name="check-code"
        autoFocus
        form={form}
        hint={
          sender.sent
            ? `We texted a 6-digit code to ${textTo}. Enter it to confirm it is you.`
            : "To confirm it is you, enter the code your app shows now."
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={form.busy}>
          {form.busy ? <Spinner label="Checking code" /> : null}
          {action}
        </Button>
        {textTo ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => void sender.send()}
            disabled={form.busy || sender.sending}
          >
            {sender.sending ? <Spinner label="Sending code" /> : null}
            {sender.sent ? "Text a new code" : "Text me a code"}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
