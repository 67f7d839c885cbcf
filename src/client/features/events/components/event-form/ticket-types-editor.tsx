import { PlusIcon } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import type { TicketPricing } from "#client/features/events/api/ticket-pricing-queries.ts";
import type { EventFormValues } from "./event-form-schema.ts";
import { TicketTypeRow } from "./ticket-type-row.tsx";
import { newTicketType } from "./ticket-type-values.ts";

/** At least one ticket type; prices in the community's currency once it can take payments. */
export function TicketTypesEditor({ communityId, pricing }: { communityId: string; pricing: TicketPricing }) {
  const id = useId();
  const {
    control,
    formState: { errors },
  } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "ticketTypes", keyName: "key" });
  const listError = errors.ticketTypes?.root?.message ?? errors.ticketTypes?.message;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Ticket types</legend>
      <FieldHint id={`${id}-hint`}>
        A quantity caps that ticket type; leave it empty to share the event's capacity. Sales times are in the
        event's time zone; leave them empty to sell until the event ends.
      </FieldHint>
      <ul className="grid gap-3">
        {fields.map((field, index) => (
          <TicketTypeRow
            key={field.key}
            index={index}
            rowId={`${id}-${field.key}`}
            communityId={communityId}
            pricing={pricing}
            savedPrice={Boolean(field.id && field.price)}
            canRemove={fields.length > 1}
            onRemove={() => remove(index)}
          />
        ))}
      </ul>
      <FieldError>{listError}</FieldError>
      <div>
        <Button variant="outline" size="sm" onClick={() => append(newTicketType())}>
          <PlusIcon aria-hidden="true" /> Add ticket type
        </Button>
      </div>
    </fieldset>
  );
}
