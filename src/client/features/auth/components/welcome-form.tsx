import { type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { updateUser } from "#client/lib/auth-actions.ts";
import { authErrorMessage } from "#client/lib/auth-messages.ts";
import { isTooLong, TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { personNameProblem } from "#shared/person.ts";

export function WelcomeForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0) {
      setError("Tell us what to call you.");
      return;
    }
    if (isTooLong("personName", trimmed)) {
      setError(tooLongMessage("personName"));
      return;
    }
    const problem = personNameProblem(trimmed);
    if (problem) {
      setError(problem.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await updateUser({ name: trimmed });
      await onSaved();
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Your name</Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          autoFocus
          required
          maxLength={TEXT_LIMITS.personName}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <Button type="submit" size="lg" disabled={saving} className="w-full">
        {saving ? <Spinner label="Saving" /> : null}
        Continue
      </Button>
    </form>
  );
}
