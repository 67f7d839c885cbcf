import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { savePendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { logAuthProblem, sendSignInCode, UNREACHABLE } from "#client/lib/auth-client.ts";
import { EMAIL_PATTERN } from "#shared/email.ts";

export function LoginForm({
  initialEmail,
  onCodeSent,
  onEmailInteract,
}: {
  initialEmail: string;
  onCodeSent: () => void;
  /** The first touch or keystroke in the email field (starts passkey autofill). */
  onEmailInteract?: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  // A failure from the server keeps its code for support; a typing mistake has none.
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) {
      setError({ message: "Enter a valid email address, like name@example.com." });
      return;
    }
    setError(null);
    setSending(true);
    try {
      // Kept before sending: a browser that refuses would otherwise be sent a code it cannot use.
      savePendingSignIn(trimmed);
      await sendSignInCode(trimmed);
      onCodeSent();
    } catch (caught) {
      // The words load only when something goes wrong, keeping them out of the /login budget;
      // when they cannot load either, the network is down.
      setError(
        await import("./login-form-messages.ts").then(
          (words) => words.emailSignInProblem(caught),
          () => logAuthProblem(UNREACHABLE),
        ),
      );
    } finally {
      setSending(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email webauthn"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          required
          autoFocus
          onPointerDown={onEmailInteract}
          onKeyDown={onEmailInteract}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} code={error?.code}>
          {error?.message}
        </FieldError>
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full">
        {sending ? <Spinner label="Sending code" /> : null}
        Continue
      </Button>
    </form>
  );
}
