import { type ReactNode, useId } from "react";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";

/** The ids a control needs to name its hint and its error for screen readers. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A labelled control with its hint and the server's or the form's error under it. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/**
 * A labelled whole-number field from 1 to `max` (days, hours, a limit). `onChange` gets the number
 * typed, NaN while the field is empty; an empty field shows empty.
 */
export function NumberField({
  label,
  hint,
  value,
  max,
  error,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  value: number;
  max: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        type="number"
        min={1}
        max={max}
        value={Number.isFinite(value) ? value : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), error)}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
    </Field>
  );
}
