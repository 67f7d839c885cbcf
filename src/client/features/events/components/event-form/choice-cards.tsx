import { useId } from "react";
import { FieldError } from "../../../../components/ui/field-message.tsx";
import { RadioGroup, RadioGroupItem } from "../../../../components/ui/radio-group.tsx";

export type Choice<T extends string> = { readonly value: T; readonly label: string; readonly hint: string };

export const EVENT_VISIBILITIES = [
  {
    value: "PUBLIC",
    label: "Public",
    hint: "Anyone with the link can see it, and it is listed on the community's page.",
  },
  {
    value: "MEMBERS",
    label: "Members only",
    hint: "Only signed-in members of the community can see and register.",
  },
  {
    value: "UNLISTED",
    label: "Unlisted",
    hint: "Not listed anywhere; anyone with the link can see and register.",
  },
] as const;

/** Radio cards: a label and a sentence for each choice. */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  error,
  errorId,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  error: string | undefined;
  errorId: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <RadioGroup
        name={name}
        value={value}
        onValueChange={(next) => {
          const choice = choices.find((item) => item.value === next);
          if (choice) onChange(choice.value);
        }}
        aria-describedby={error ? errorId : undefined}
        className="grid gap-2 sm:grid-cols-3"
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            htmlFor={`${id}-${choice.value}`}
            className="flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
          >
            <RadioGroupItem id={`${id}-${choice.value}`} value={choice.value} className="mt-0.5" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{choice.label}</span>
              <span className="text-sm text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </RadioGroup>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

/** A checkbox with a label and an explanation, for on/off settings. */
export function ToggleField({
  id,
  label,
  hint,
  ...props
}: React.ComponentProps<"input"> & { id: string; label: string; hint: string }) {
  return (
    <div className="flex gap-3 rounded-lg border p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        aria-describedby={`${id}-hint`}
        {...props}
      />
      <span className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </span>
      </span>
    </div>
  );
}
