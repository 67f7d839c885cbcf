import type { ReactNode } from "react";
import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { FieldError, FieldHint } from "./field-message.tsx";
import { Label } from "./label.tsx";
import { SearchableSelect, type SelectOption } from "./searchable-select.tsx";

type SelectFieldProps<TValues extends FieldValues, TOutput> = {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPathByValue<TValues, string>;
  /** The combobox's id; the label points to it. */
  id: string;
  label: ReactNode;
  hintId: string;
  hint: ReactNode;
  errorId: string;
  /** The field's error from the form state, if any. */
  error?: { message?: string };
  options: SelectOption[];
  placeholder: string;
  disabled?: boolean;
  className?: string;
};

/** A labelled, searchable choice (a time zone, a currency) bound to a react-hook-form field. */
export function SelectField<TValues extends FieldValues, TOutput>({
  control,
  name,
  id,
  label,
  hintId,
  hint,
  errorId,
  error,
  options,
  placeholder,
  disabled,
  className,
}: SelectFieldProps<TValues, TOutput>) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <SearchableSelect
            id={id}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={options}
            invalid={Boolean(error)}
            describedBy={[hintId, error ? errorId : undefined].filter(Boolean).join(" ")}
            placeholder={placeholder}
            disabled={disabled}
          />
        )}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error?.message}</FieldError>
    </div>
  );
}
