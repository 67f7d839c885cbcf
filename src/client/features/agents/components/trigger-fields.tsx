import { useId } from "react";
import { Input } from "#client/components/ui/input.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { describeCron } from "#shared/agent-describe.ts";
import {
  AGENT_LIMITS,
  AGENT_REGISTRATION_STATUSES,
  AGENT_TRIGGER_KINDS,
  type AgentTrigger,
  type AgentTriggerKind,
} from "#shared/agents.ts";
import type { FieldErrors } from "../definition.ts";
import { triggerOfKind } from "../definition.ts";
import { REGISTRATION_STATUS_LABELS, TRIGGER_LABELS } from "../labels.ts";
import { describedBy, Field, NumberField } from "./field.tsx";

/** When the agent acts: the trigger and its parameter (days, hours, a schedule, statuses). */
export function TriggerFields({
  trigger,
  onChange,
  errors,
}: {
  trigger: AgentTrigger;
  onChange: (trigger: AgentTrigger) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const kindError = errors["trigger.kind"] ?? errors.trigger;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-kind`} label="Trigger" error={kindError}>
        <select
          id={`${id}-kind`}
          className={formSelectClass}
          value={trigger.kind}
          aria-invalid={kindError ? true : undefined}
          aria-describedby={describedBy(`${id}-kind`, false, kindError)}
          onChange={(event) => onChange(triggerOfKind(event.target.value as AgentTriggerKind, trigger))}
        >
          {AGENT_TRIGGER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {TRIGGER_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <TriggerParameter trigger={trigger} onChange={onChange} errors={errors} />
    </div>
  );
}

function TriggerParameter({
  trigger,
  onChange,
  errors,
}: {
  trigger: AgentTrigger;
  onChange: (trigger: AgentTrigger) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  switch (trigger.kind) {
    case "member_inactive":
      return (
        <NumberField
          label="Days without activity"
          hint="Once per quiet spell."
          value={trigger.days}
          max={AGENT_LIMITS.inactiveDaysMax}
          error={errors["trigger.days"]}
          onChange={(days) => onChange({ ...trigger, days: days || 0 })}
        />
      );
    case "event_starts_in":
      return (
        <NumberField
          label="Hours before the start"
          hint="Once per event and start time."
          value={trigger.hours}
          max={AGENT_LIMITS.startsInHoursMax}
          error={errors["trigger.hours"]}
          onChange={(hours) => onChange({ ...trigger, hours: hours || 0 })}
        />
      );
    case "schedule": {
      const error = errors["trigger.cron"];
      return (
        <Field
          id={id}
          label="Schedule (cron)"
          error={error}
          hint={
            <>
              <span aria-live="polite" className="block font-medium text-foreground">
                {describeCron(trigger.cron)}
              </span>
              Five fields: minute, hour, day of month, month, day of week, in the community&apos;s time zone.
            </>
          }
        >
          <Input
            id={id}
            value={trigger.cron}
            spellCheck={false}
            className="font-mono"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, true, error)}
            onChange={(event) => onChange({ ...trigger, cron: event.target.value })}
          />
        </Field>
      );
    }
    case "registration_status_changed": {
      const chosen = trigger.to ?? [];
      return (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">To any of (none: any change)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {AGENT_REGISTRATION_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.includes(status)}
                  onChange={(event) =>
                    onChange({
                      ...trigger,
                      to: event.target.checked ? [...chosen, status] : chosen.filter((s) => s !== status),
                    })
                  }
                />
                {REGISTRATION_STATUS_LABELS[status]}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }
    default:
      return null;
  }
}
