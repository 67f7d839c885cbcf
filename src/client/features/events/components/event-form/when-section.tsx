import { TriangleAlertIcon } from "lucide-react";
import { useMemo, useRef } from "react";
import { type Control, useFormContext, useWatch } from "react-hook-form";
import type { SelectOption } from "#client/components/ui/searchable-select.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import type { EventFormOutput, EventFormValues } from "./event-form-schema.ts";
import { Section } from "./form-layout.tsx";
import { shiftedEnd, startHasPassed } from "./start-change.ts";
import { WallTimeField } from "./wall-time-field.tsx";

function timeZoneOptions(current: string): SelectOption[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  const all = new Set(["UTC", ...zones, current]);
  return [...all].map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}

/** The id of the warning shown while a draft's start has passed; the Publish button points to it. */
export const startPassedId = (formId: string) => `${formId}-start-passed`;

export function useStartPassed(
  control: Control<EventFormValues, unknown, EventFormOutput>,
  isDraft: boolean,
) {
  const [date, time, timeZone] = useWatch({ control, name: ["startDate", "startTime", "timeZone"] });
  return isDraft && startHasPassed({ date, time }, timeZone);
}

/** Start, end and time zone. Moving the start carries the end along, so the event keeps its length. */
export function WhenSection({
  id,
  isDraft,
  defaultValues,
}: {
  id: string;
  isDraft: boolean;
  defaultValues: EventFormValues;
}) {
  const { register, control, getValues, setValue, formState } = useFormContext<
    EventFormValues,
    unknown,
    EventFormOutput
  >();
  const { errors } = formState;
  const [startDate, startTime, endDate, endTime, timeZone] = useWatch({
    control,
    name: ["startDate", "startTime", "endDate", "endTime", "timeZone"],
  });
  const zones = useMemo(() => timeZoneOptions(defaultValues.timeZone), [defaultValues.timeZone]);
  const startPassed = useStartPassed(control, isDraft);

  const lastStart = useRef({ date: defaultValues.startDate, time: defaultValues.startTime });
  function startChanged() {
    const next = { date: getValues("startDate"), time: getValues("startTime") };
    const end = shiftedEnd(lastStart.current, next, {
      date: getValues("endDate"),
      time: getValues("endTime"),
    });
    if (end) {
      setValue("endDate", end.date, { shouldDirty: true });
      setValue("endTime", end.time, { shouldDirty: true });
    }
    if (next.date && next.time) lastStart.current = next;
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const zoneErrorId = `${id}-timeZone-error`;
  const zoneHintId = `${fieldId("timeZone")}-hint`;
  return (
    <Section id={`${id}-when`} title="When">
      <div className="grid gap-6 sm:grid-cols-2">
        <WallTimeField
          id={fieldId("start")}
          legend="Starts"
          date={register("startDate", { onChange: startChanged })}
          time={register("startTime", { onChange: startChanged })}
          dateValue={startDate}
          timeValue={startTime}
          timeZone={timeZone}
          dateError={errors.startDate?.message}
          timeError={errors.startTime?.message}
        />
        <WallTimeField
          id={fieldId("end")}
          legend="Ends"
          date={register("endDate")}
          time={register("endTime")}
          dateValue={endDate}
          timeValue={endTime}
          timeZone={timeZone}
          dateError={errors.endDate?.message}
          timeError={errors.endTime?.message}
        />
      </div>
      {startPassed ? (
        <p
          id={startPassedId(id)}
          className="flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm text-foreground"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          This start time has already passed. An event can't be published with a start in the past: choose a
          later time, or save it as a draft.
        </p>
      ) : null}
      <SelectField
        className="grid gap-2 sm:max-w-sm"
        control={control}
        name="timeZone"
        id={fieldId("timeZone")}
        label="Time zone"
        hintId={zoneHintId}
        hint="The dates and times above are in this zone; people see it next to the time."
        errorId={zoneErrorId}
        error={errors.timeZone}
        options={zones}
        placeholder="Search time zones"
      />
    </Section>
  );
}
