import { useId } from "react";
import { FieldError } from "./field-message.tsx";
import { RadioGroup, RadioGroupItem } from "./radio-group.tsx";

export type Choice<T extends string> = { readonly value: T; readonly label: string; readonly hint: string };

export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  error,
  errorId,
  disabled = false,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  error: string | undefined;
  errorId: string;
  disabled?: boolean;
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
        disabled={disabled}
        className="grid gap-2 sm:grid-cols-3"
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            htmlFor={`${id}-${choice.value}`}
            className="flex cursor-pointer gap-3 has-[:disabled]:cursor-not-allowed rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
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
