import { useQuery } from "@tanstack/react-query";
import { PlusIcon, XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  promoCodeEventsQueryOptions,
  useCreatePromoCode,
  useUpdatePromoCode,
} from "#client/features/promo-codes/api/promo-codes-queries.ts";
import {
  checkPromoCode,
  emptyPromoCode,
  type PromoCodeValues,
  type PromoErrors,
  promoCodeValues,
  promoFieldFor,
} from "#client/features/promo-codes/promo-code-form.ts";
import type { PromoCodeFieldsFragment, PromoCodeInput } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { type EventChoice, PromoCodeFields, type TicketChoice } from "./promo-code-fields.tsx";

export type PromoScope = {
  communityId: string;
  /** Null: the code is for every event of the community. */
  eventId: string | null;
  /** The event's title, when the list is an event's. */
  eventTitle?: string | undefined;
  currency: string;
  /** The zone its start and expiry are typed in: the event's, or the community's. */
  timeZone: string;
  /** The event's ticket types, to restrict the code to one. */
  ticketTypes: readonly { id: string; name: string }[];
};

/** "New promo code": what it takes off, for which tickets, how often and when. */
export function PromoCodeDialog({ scope }: { scope: PromoScope }) {
  const create = useCreatePromoCode(scope.communityId, scope.eventId);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PromoCodeValues>(emptyPromoCode);
  return (
    <PromoCodeFormDialog
      title="New promo code"
      description={
        scope.eventId
          ? "For this event. Buyers type the code on the event page; capital letters don't matter."
          : "For every event of the community. Buyers type the code on an event's page; capital letters don't matter."
      }
      submitLabel="Create code"
      trigger={
        <Button variant="outline">
          <PlusIcon aria-hidden="true" /> New promo code
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      values={values}
      setValues={setValues}
      scope={scope}
      ticketTypes={scope.eventId ? scope.ticketTypes : []}
      pending={create.isPending}
      save={async (input) => {
        const created = await create.mutateAsync(input);
        notify("success", `Promo code ${created.code} created.`);
        setValues(emptyPromoCode());
      }}
    />
  );
}

/** "Edit promo code", opened from a row of the list; `code` null keeps it closed. */
export function EditPromoCodeDialog({
  scope,
  code,
  onClose,
}: {
  scope: PromoScope;
  code: PromoCodeFieldsFragment | null;
  onClose: () => void;
}) {
  if (!code) return null;
  // Keyed by the code: opening another one starts from its own saved values.
  return <EditDialog key={code.id} scope={scope} code={code} onClose={onClose} />;
}

function EditDialog({
  scope,
  code,
  onClose,
}: {
  scope: PromoScope;
  code: PromoCodeFieldsFragment;
  onClose: () => void;
}) {
  const update = useUpdatePromoCode();
  const [values, setValues] = useState(() => promoCodeValues(code, scope.timeZone));
  const { data: listed } = useQuery(promoCodeEventsQueryOptions(scope.communityId));
  const events = eventChoices(listed ?? [], scope, code);
  const chosen = events.find((event) => event.id === values.eventId);
  return (
    <PromoCodeFormDialog
      title={`Edit ${code.code}`}
      description="Changes apply to orders from now on; the uses so far stay counted."
      submitLabel="Save changes"
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      values={values}
      setValues={setValues}
      scope={scope}
      ticketTypes={ticketChoices(chosen, code, values.eventId)}
      events={events}
      lockedUses={code.uses}
      pending={update.isPending}
      save={async (input) => {
        const saved = await update.mutateAsync({ id: code.id, eventId: values.eventId || null, input });
        notify("success", `Promo code ${saved.code} saved.`);
      }}
    />
  );
}

/** The events to choose from: upcoming ones and drafts, with the list's own event and the code's. */
function eventChoices(
  listed: readonly EventChoice[],
  scope: PromoScope,
  code: PromoCodeFieldsFragment,
): EventChoice[] {
  const events = [...listed];
  if (scope.eventId && !events.some((event) => event.id === scope.eventId))
    events.unshift({
      id: scope.eventId,
      title: scope.eventTitle ?? "This event",
      ticketTypes: scope.ticketTypes,
    });
  if (code.eventId && !events.some((event) => event.id === code.eventId))
    events.unshift({ id: code.eventId, title: code.eventTitle ?? "Its event", ticketTypes: [] });
  return events;
}

/** The chosen event's ticket types; the code's own stays listed while it is for its own event. */
function ticketChoices(
  chosen: EventChoice | undefined,
  code: PromoCodeFieldsFragment,
  eventId: string,
): readonly TicketChoice[] {
  const tickets = chosen?.ticketTypes ?? [];
  if (code.ticketTypeId && eventId === code.eventId && !tickets.some((t) => t.id === code.ticketTypeId))
    return [{ id: code.ticketTypeId, name: code.ticketTypeName ?? "Its ticket type" }, ...tickets];
  return tickets;
}

function PromoCodeFormDialog({
  title,
  description,
  submitLabel,
  trigger,
  open,
  onOpenChange,
  values,
  setValues,
  scope,
  ticketTypes,
  events,
  lockedUses,
  pending,
  save,
}: {
  title: string;
  description: string;
  submitLabel: string;
  trigger?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: PromoCodeValues;
  setValues: React.Dispatch<React.SetStateAction<PromoCodeValues>>;
  scope: PromoScope;
  ticketTypes: readonly TicketChoice[];
  events?: readonly EventChoice[];
  lockedUses?: number;
  pending: boolean;
  /** Sends the checked input; a GraphQLRequestError's fields are shown beside their controls. */
  save: (input: PromoCodeInput) => Promise<void>;
}) {
  const id = useId();
  const [errors, setErrors] = useState<PromoErrors>({});
  const set = (patch: Partial<PromoCodeValues>) => setValues((current) => ({ ...current, ...patch }));

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const checked = checkPromoCode(values, scope.currency, scope.timeZone);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    try {
      await save(checked.input);
      onOpenChange(false);
    } catch (error) {
      const next: PromoErrors = {};
      if (error instanceof GraphQLRequestError && error.fields.length > 0) {
        for (const field of error.fields) next[promoFieldFor(field.field)] ??= field.message;
      } else {
        next.form =
          error instanceof GraphQLRequestError
            ? error.message
            : "We couldn't save the code. Please try again.";
      }
      setErrors(next);
      focusFirstInvalid(form);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
        if (!next) setErrors({});
      }}
    >
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[95dvh] w-[min(34rem,95vw)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl outline-none">
          <Dialog.Title className="pr-8 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
          <form onSubmit={handleSubmit} noValidate className="grid gap-4">
            <PromoCodeFields
              id={id}
              values={values}
              errors={errors}
              set={set}
              currency={scope.currency}
              timeZone={scope.timeZone}
              ticketTypes={ticketTypes}
              events={events}
              lockedUses={lockedUses}
            />
            <FieldError aria-live="assertive">{errors.form}</FieldError>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="ghost" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {pending ? <Spinner label="Saving" /> : null}
                {submitLabel}
              </Button>
            </div>
          </form>
          <Dialog.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
