import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";
import { type CountryCode, countryOptions } from "./phone-number.ts";

/** A country (with its dialling code) and the number, one error below both. */
export function PhoneNumberField({
  id,
  country,
  onCountryChange,
  number,
  onNumberChange,
  error,
  disabled,
  autoFocus,
}: {
  id: string;
  country: CountryCode;
  onCountryChange: (country: CountryCode) => void;
  number: string;
  onNumberChange: (number: string) => void;
  error: { message: string; code?: string } | null;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-country`}>Country</Label>
          <select
            id={`${id}-country`}
            name="country"
            autoComplete="tel-country-code"
            className={selectClass}
            value={country}
            disabled={disabled}
            onChange={(event) => onCountryChange(event.target.value as CountryCode)}
          >
            {countryOptions().map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-number`}>Phone number</Label>
          <Input
            id={`${id}-number`}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            autoFocus={autoFocus}
            value={number}
            disabled={disabled}
            onChange={(event) => onNumberChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      </div>
      <FieldError id={errorId} code={error?.code}>
        {error?.message}
      </FieldError>
    </div>
  );
}
