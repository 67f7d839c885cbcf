import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { viewerTimeZone } from "#client/lib/event-time.ts";
import { fromWallTime } from "#shared/time.ts";

function formatIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
}

/** What a wall time in `timeZone` is in UTC and on the viewer's clock, or why it is no time at all. */
export function describeWallTime(
  date: string,
  time: string,
  timeZone: string,
  viewerZone = viewerTimeZone(),
): string {
  if (!date || !time) return "";
  const result = fromWallTime(`${date}T${time}`, timeZone);
  if (!result.ok) {
    return result.reason === "NONEXISTENT"
      ? `This time doesn't exist in ${timeZone.replaceAll("_", " ")}: the clocks skip it.`
      : "";
  }
  const utc = `${formatIn(result.instant, "UTC")} UTC`;
  if (viewerZone === timeZone || viewerZone === "UTC") return `= ${utc}`;
  return `= ${utc} · ${formatIn(result.instant, viewerZone)} your time (${viewerZone.replaceAll("_", " ")})`;
}

/**
 * A date and a time typed as wall time in the event's zone. Errors for either input (the
 * server's NONEXISTENT_TIME lands on the time) show under both, tied to both by aria-describedby.
 */
export function WallTimeField({
  id,
  legend,
  date,
  time,
  dateValue,
  timeValue,
  timeZone,
  dateError,
  timeError,
  required = true,
}: {
  id: string;
  legend: string;
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  dateValue: string;
  timeValue: string;
  timeZone: string;
  dateError: string | undefined;
  timeError: string | undefined;
  /** Optional ones (a ticket's sales window) say so beside the legend. */
  required?: boolean;
}) {
  const hintId = `${id}-equivalent`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, dateError || timeError ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-2 text-sm font-medium">
        {legend} {required ? null : <span className="font-normal text-muted-foreground">(optional)</span>}
      </legend>
      <div className="grid grid-cols-[1fr_8rem] gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-date`} className="sr-only">
            {`${legend} date`}
          </Label>
          <Input
            id={`${id}-date`}
            type="date"
            aria-invalid={dateError ? true : undefined}
            aria-describedby={describedBy}
            aria-required={required ? "true" : undefined}
            {...date}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-time`} className="sr-only">
            {`${legend} time`}
          </Label>
          <Input
            id={`${id}-time`}
            type="time"
            step={60}
            aria-invalid={timeError ? true : undefined}
            aria-describedby={describedBy}
            aria-required={required ? "true" : undefined}
            {...time}
          />
        </div>
      </div>
      <FieldHint id={hintId} aria-live="polite">
        {describeWallTime(dateValue, timeValue, timeZone)}
      </FieldHint>
      <FieldError id={errorId}>{[dateError, timeError].filter(Boolean).join(" ") || null}</FieldError>
    </fieldset>
  );
}
