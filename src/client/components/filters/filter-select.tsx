import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";

/**
 * One filter of a table as a native select: `all` (no filter) first, then the options. Its label
 * shows small above it, or only to screen readers where the "All …" choice already says it.
 */
export function FilterSelect<T extends string>({
  id,
  label,
  hideLabel = false,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  hideLabel?: boolean;
  all: string;
  value: T | undefined;
  options: readonly (readonly [T, string])[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className={hideLabel ? undefined : "grid gap-1"}>
      <Label htmlFor={id} className={hideLabel ? "sr-only" : "text-xs text-muted-foreground"}>
        {label}
      </Label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{all}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
