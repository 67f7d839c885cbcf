import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import {
  GUEST_NAME_MAX_LENGTH,
  type GuestErrors,
  type GuestValues,
} from "#client/features/event-page/guest.ts";

/** Name and email for a signed-out visitor: the whole of registering, with the questions. */
export function GuestFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: GuestValues;
  errors: GuestErrors;
  onChange: (values: GuestValues) => void;
}) {
  const field = (key: keyof GuestValues, label: string, props: React.ComponentProps<"input">) => {
    const id = `${idPrefix}-guest-${key}`;
    const error = errors[key];
    return (
      <div className="grid content-start gap-2">
        <Label htmlFor={id}>
          {label}
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        </Label>
        <Input
          id={id}
          name={key}
          value={values[key]}
          onChange={(event) => onChange({ ...values, [key]: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required="true"
          {...props}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field("name", "Your name", { autoComplete: "name", maxLength: GUEST_NAME_MAX_LENGTH })}
      {field("email", "Email", {
        type: "email",
        autoComplete: "email",
        inputMode: "email",
        spellCheck: false,
        maxLength: 254,
      })}
    </div>
  );
}
