import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * Two calendar days, both included, as a table's filter; an end before the start is said beside
 * "To" (the page shows no rows until it is fixed).
 */
export function DateRangeFilter({
  id,
  legend,
  hideLegend = false,
  from,
  to,
  onChange,
  className,
}: {
  id: string;
  legend: string;
  hideLegend?: boolean;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  className?: string;
}) {
  const reversed = Boolean(from && to && from > to);
  return (
    <fieldset className={cn("grid gap-1", className)}>
      <legend className={hideLegend ? "sr-only" : "mb-1 text-sm font-medium"}>{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
            From
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from ?? ""}
            onChange={(event) => onChange(event.target.value || undefined, to)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
            To
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to ?? ""}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-error` : undefined}
            onChange={(event) => onChange(from, event.target.value || undefined)}
          />
        </div>
      </div>
      {reversed ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          The end comes before the start.
        </p>
      ) : null}
    </fieldset>
  );
}
