import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { TEXT_LIMITS } from "#shared/limits.ts";
import type { EventFormValues } from "./event-form-schema.ts";

/** Free ticket types: at least one, each with a name and an optional number of seats. */
export function TicketTypesEditor() {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "ticketTypes", keyName: "key" });
  const listError = errors.ticketTypes?.root?.message ?? errors.ticketTypes?.message;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Ticket types</legend>
      <FieldHint id={`${id}-hint`}>
        All tickets are free for now. A quantity caps that ticket type; leave it empty to share the event's
        capacity.
      </FieldHint>
      <ul className="grid gap-3">
        {fields.map((field, index) => {
          const nameError = errors.ticketTypes?.[index]?.name?.message;
          const quantityError = errors.ticketTypes?.[index]?.quantity?.message;
          const rowId = `${id}-${field.key}`;
          return (
            <li
              key={field.key}
              className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_9rem_auto] sm:items-start"
            >
              <div className="grid gap-1.5">
                <Label htmlFor={`${rowId}-name`}>Name</Label>
                <Input
                  id={`${rowId}-name`}
                  autoComplete="off"
                  maxLength={TEXT_LIMITS.ticketTypeName}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${rowId}-name-error` : undefined}
                  {...register(`ticketTypes.${index}.name`)}
                />
                <FieldError id={`${rowId}-name-error`}>{nameError}</FieldError>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${rowId}-quantity`}>
                  Quantity <span className="font-normal text-muted-foreground">(optional)</span>
                </Label>
                <Input
                  id={`${rowId}-quantity`}
                  inputMode="numeric"
                  placeholder="No limit"
                  aria-invalid={quantityError ? true : undefined}
                  aria-describedby={quantityError ? `${rowId}-quantity-error` : undefined}
                  {...register(`ticketTypes.${index}.quantity`)}
                />
                <FieldError id={`${rowId}-quantity-error`}>{quantityError}</FieldError>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="sm:mt-6"
                disabled={fields.length <= 1}
                aria-label={`Remove ticket type ${index + 1}`}
                title={fields.length <= 1 ? "An event needs at least one ticket type" : undefined}
                onClick={() => remove(index)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <FieldError>{listError}</FieldError>
      <div>
        <Button variant="outline" size="sm" onClick={() => append({ name: "", quantity: "" })}>
          <PlusIcon aria-hidden="true" /> Add ticket type
        </Button>
      </div>
    </fieldset>
  );
}
