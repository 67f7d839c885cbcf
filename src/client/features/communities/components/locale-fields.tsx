import type { Control, FieldPathByValue, FieldValues } from "react-hook-form";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { useLocaleOptions } from "./use-locale-options.ts";

type FieldErrorLike = { message?: string } | undefined;

/**
 * A community's time zone and currency, as the create form and the settings show them. Ids follow
 * the forms' scheme: `${id}-timeZone` for the field, `${id}-timeZone-error` for its error.
 */
export function LocaleFields<TValues extends FieldValues & { timeZone: string; currency: string }, TOutput>({
  control,
  id,
  errors,
  disabled,
}: {
  control: Control<TValues, unknown, TOutput>;
  id: string;
  errors: { timeZone?: FieldErrorLike; currency?: FieldErrorLike };
  disabled?: boolean;
}) {
  const { timeZoneOptions, currencyOptions } = useLocaleOptions();
  return (
    <>
      <SelectField
        className="grid content-start gap-2"
        control={control}
        name={"timeZone" as FieldPathByValue<TValues, string>}
        id={`${id}-timeZone`}
        label="Time zone"
        hintId={`${id}-tz-hint`}
        hint="Event times are shown in this zone."
        errorId={`${id}-timeZone-error`}
        error={errors.timeZone}
        options={timeZoneOptions}
        placeholder="Search time zones"
        disabled={disabled}
      />
      <SelectField
        className="grid content-start gap-2"
        control={control}
        name={"currency" as FieldPathByValue<TValues, string>}
        id={`${id}-currency`}
        label="Currency"
        hintId={`${id}-cur-hint`}
        hint="Used for memberships and tickets."
        errorId={`${id}-currency-error`}
        error={errors.currency}
        options={currencyOptions}
        placeholder="Search currencies"
        disabled={disabled}
      />
    </>
  );
}
