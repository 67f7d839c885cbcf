import { type FormEvent, useId, useState } from "react";
import { formatDay } from "#client/components/charts/chart-format.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { daysBetween, MAX_RANGE_DAYS, PERIOD_PRESETS, type Period, PRESET_LABELS } from "../period.ts";

const segment =
  "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/**
 * The period the page reads: a preset or a custom range of the community's days. Presets apply at
 * once; a custom range applies when both days are set and the form is sent.
 */
export function PeriodPicker({
  period,
  resolved,
  onChange,
}: {
  period: Period;
  /** The days the server resolved the period to, and the previous period it compares with. */
  resolved?: { from: string; to: string; previousFrom: string | null; previousTo: string | null } | undefined;
  onChange: (period: Period) => void;
}) {
  const name = useId();
  const [customOpen, setCustomOpen] = useState(!("preset" in period));
  const selected = "preset" in period && !customOpen ? period.preset : "custom";
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="sr-only">Period</legend>
        <div className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 w-fit">
          {PERIOD_PRESETS.map((preset) => (
            <label key={preset} className={segment}>
              <input
                type="radio"
                name={name}
                value={preset}
                checked={selected === preset}
                onChange={() => {
                  setCustomOpen(false);
                  onChange({ preset });
                }}
                className="sr-only"
              />
              {PRESET_LABELS[preset]}
            </label>
          ))}
          <label className={segment}>
            <input
              type="radio"
              name={name}
              value="custom"
              checked={selected === "custom"}
              onChange={() => setCustomOpen(true)}
              className="sr-only"
            />
            Custom
          </label>
        </div>
      </fieldset>
      {selected === "custom" ? (
        <CustomRange initial={"preset" in period ? resolved : period} onApply={(range) => onChange(range)} />
      ) : null}
      {resolved ? (
        <p className="text-sm text-muted-foreground">
          {formatDay(resolved.from)} – {formatDay(resolved.to)}
          {resolved.previousFrom && resolved.previousTo
            ? `, compared with ${formatDay(resolved.previousFrom)} – ${formatDay(resolved.previousTo)}`
            : ", since the community began"}
        </p>
      ) : null}
    </div>
  );
}

function CustomRange({
  initial,
  onApply,
}: {
  initial: { from: string; to: string } | undefined;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initial?.from ?? "");
  const [to, setTo] = useState(initial?.to ?? "");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError("Choose both the first and the last day.");
    if (from > to) return setError("The first day must come before the last day.");
    if (daysBetween(from, to) > MAX_RANGE_DAYS) return setError("Choose a range of at most ten years.");
    setError(undefined);
    onApply({ from, to });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Custom period">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-44"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-44"
        />
      </div>
      <Button type="submit" variant="outline" className="h-10">
        Show period
      </Button>
      <FieldError id={`${id}-error`} className="basis-full">
        {error}
      </FieldError>
    </form>
  );
}
