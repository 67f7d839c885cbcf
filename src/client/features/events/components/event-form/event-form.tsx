import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { QuestionsEditor } from "#client/components/questions/questions-editor.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ChoiceGroup } from "#client/components/ui/choice-group.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { MarkdownField } from "#client/components/ui/markdown-field.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import {
  useCreateEvent,
  usePublishEvent,
  useUpdateEvent,
} from "#client/features/events/api/event-mutations.ts";
import type { TicketPricing } from "#client/features/events/api/ticket-pricing-queries.ts";
import { describeError } from "#client/features/events/error-message.ts";
import type { EventStatus } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { EVENT_VISIBILITIES, ToggleField } from "./choice-cards.tsx";
import { CoverField } from "./cover-field.tsx";
import {
  type EventFormOutput,
  type EventFormValues,
  eventFormSchema,
  valuesToInput,
} from "./event-form-schema.ts";
import { Section, TextField } from "./form-layout.tsx";
import { formPathForServerField } from "./server-fields.ts";
import { TicketTypesEditor } from "./ticket-types-editor.tsx";
import { startPassedId, useStartPassed, WhenSection } from "./when-section.tsx";

export type SavedEvent = { id: string; host: { id: string } };

type Existing = { id: string; status: EventStatus; coverUrl: string | null | undefined };

/**
 * Create or edit an event. Server field errors land next to their fields and every typed value
 * stays; `onSaved` runs once the event (and, when asked, its publication) is stored.
 */
export function EventForm({
  communityId,
  defaultValues,
  existing,
  pricing,
  onSaved,
}: {
  communityId: string;
  defaultValues: EventFormValues;
  pricing: TicketPricing;
  existing?: Existing;
  onSaved: (event: SavedEvent, published: boolean) => void;
}) {
  const id = useId();
  const createEvent = useCreateEvent(communityId);
  const updateEvent = useUpdateEvent();
  const publishEvent = usePublishEvent();
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingAction, setPendingAction] = useState<"save" | "publish" | null>(null);

  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver: zodResolver(eventFormSchema),
    mode: "onTouched",
    defaultValues,
  });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const { errors, isDirty } = formState;
  const { prompt, allowLeave } = useUnsavedChanges(isDirty);

  const isDraft = !existing || existing.status === "DRAFT";
  const startPassed = useStartPassed(control, isDraft);

  function placeServerErrors(error: GraphQLRequestError): string | null {
    const unplaced: string[] = [];
    let focused = false;
    for (const field of error.fields) {
      const path = formPathForServerField(field.field, getValues());
      if (path) {
        setError(path, { type: "server", message: field.message }, { shouldFocus: !focused });
        focused = true;
      } else {
        unplaced.push(field.message);
      }
    }
    return unplaced.length > 0 ? unplaced.join(" ") : null;
  }

  async function save(values: EventFormOutput, publish: boolean) {
    setFormError(null);
    setPendingAction(publish ? "publish" : "save");
    const input = valuesToInput(values);
    let saved: SavedEvent | null = null;
    try {
      if (existing) {
        saved = await updateEvent.mutateAsync({ id: existing.id, input });
        if (publish && existing.status === "DRAFT") saved = await publishEvent.mutateAsync(existing.id);
      } else {
        saved = await createEvent.mutateAsync({ input, publish });
      }
      allowLeave();
      onSaved(saved, publish);
    } catch (error) {
      const prefix = saved ? "Your changes are saved as a draft, but it couldn't be published: " : "";
      // Input errors, and a price the community cannot take yet, name the fields to fix.
      if (error instanceof GraphQLRequestError && error.fields.length > 0) {
        const rest = placeServerErrors(error);
        setFormError(rest || prefix ? `${prefix}${rest ?? "fix the marked fields."}` : null);
      } else {
        setFormError(`${prefix}${describeError(error, "We couldn't save the event. Please try again.")}`);
      }
    } finally {
      setPendingAction(null);
    }
  }

  const onSave = handleSubmit((values) => save(values, false));
  const onPublish = handleSubmit((values) => save(values, true));
  const busy = pendingAction !== null;

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const describedBy = (name: keyof EventFormValues, hint?: string) =>
    [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <FormProvider {...form}>
      {prompt}
      <form onSubmit={onSave} noValidate className="grid gap-10">
        <Section id={`${id}-basics`} title="Basics">
          <div className="grid gap-2">
            <Label htmlFor={fieldId("title")}>Title</Label>
            <Input
              id={fieldId("title")}
              autoComplete="off"
              maxLength={TEXT_LIMITS.eventTitle}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy("title")}
              aria-required="true"
              {...register("title")}
            />
            <FieldError id={errorId("title")}>{errors.title?.message}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label id={`${fieldId("description")}-label`} htmlFor={fieldId("description")}>
              Description <span className="font-normal text-muted-foreground">(Markdown)</span>
            </Label>
            <MarkdownField
              labelId={`${fieldId("description")}-label`}
              getSource={() => getValues("description")}
              textarea={
                <Textarea
                  id={fieldId("description")}
                  rows={8}
                  maxLength={TEXT_LIMITS.eventDescription}
                  placeholder="What will happen, who it's for, what to bring…"
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={describedBy("description")}
                  {...register("description")}
                />
              }
            />
            <FieldError id={errorId("description")}>{errors.description?.message}</FieldError>
          </div>
        </Section>

        <WhenSection id={id} isDraft={isDraft} defaultValues={defaultValues} />

        <Section id={`${id}-where`} title="Where" description="A venue, an online link, or both.">
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField
              id={fieldId("venueName")}
              label="Venue name"
              error={errors.venueName?.message}
              optional
            >
              <Input autoComplete="off" maxLength={TEXT_LIMITS.venueName} {...register("venueName")} />
            </TextField>
            <TextField
              id={fieldId("venueAddress")}
              label="Address"
              error={errors.venueAddress?.message}
              optional
            >
              <Input autoComplete="off" maxLength={TEXT_LIMITS.venueAddress} {...register("venueAddress")} />
            </TextField>
          </div>
          <TextField
            id={fieldId("onlineUrl")}
            label="Online link"
            hint="Shown only to registrants who are going."
            error={errors.onlineUrl?.message}
            optional
          >
            <Input
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
              maxLength={TEXT_LIMITS.onlineUrl}
              {...register("onlineUrl")}
            />
          </TextField>
        </Section>

        <Section id={`${id}-cover`} title="Cover image">
          <CoverField
            communityId={communityId}
            initialUrl={existing?.coverUrl ?? null}
            disabled={busy}
            error={errors.coverPath?.message}
            onChange={(path) => setValue("coverPath", path, { shouldDirty: true })}
          />
        </Section>

        <Section id={`${id}-registration`} title="Registration">
          <TextField
            id={fieldId("capacity")}
            label="Capacity"
            hint="Leave empty for unlimited."
            error={errors.capacity?.message}
            className="sm:max-w-48"
          >
            <Input inputMode="numeric" placeholder="Unlimited" autoComplete="off" {...register("capacity")} />
          </TextField>
          <div className="grid gap-3 sm:grid-cols-2">
            <ToggleField
              id={fieldId("waitlist")}
              label="Waitlist"
              hint="When the event is full, people can join a waitlist and move up as seats free."
              {...register("waitlistEnabled")}
            />
            <ToggleField
              id={fieldId("approval")}
              label="Approval required"
              hint="Registrations wait for an organizer to approve them."
              {...register("approvalRequired", {
                // Whoever is approved should be who they say: suggest a verified email with it.
                onChange: (change) => {
                  if (change.target.checked) setValue("requireVerifiedEmail", true, { shouldDirty: true });
                },
              })}
            />
            <ToggleField
              id={fieldId("verified-email")}
              label="Verified email required"
              hint="Guests confirm their email with a code before registering. Off: name and email in one step."
              {...register("requireVerifiedEmail")}
            />
            <ToggleField
              id={fieldId("guest-list")}
              label="Show who is going"
              hint="The event's page shows the names and pictures of people going. Never shown for members-only events."
              {...register("guestListVisible")}
            />
          </div>
          <TextField
            id={fieldId("offer-hours")}
            label="Hours to pay for an offered seat"
            hint="Paid tickets: when a seat frees up (or someone is approved), it is held for them this long, then offered to the next in line."
            error={errors.waitlistOfferHours?.message}
            className="sm:max-w-72"
          >
            <Input inputMode="numeric" autoComplete="off" {...register("waitlistOfferHours")} />
          </TextField>
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <ChoiceGroup
                legend="Visibility"
                name={field.name}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  if (next === "MEMBERS") setValue("requireVerifiedEmail", true, { shouldDirty: true });
                }}
                choices={EVENT_VISIBILITIES}
                error={errors.visibility?.message}
                errorId={errorId("visibility")}
              />
            )}
          />
        </Section>

        <Section id={`${id}-tickets`} title="Tickets and questions">
          <TicketTypesEditor communityId={communityId} pricing={pricing} />
          <QuestionsEditor
            legend="Registration questions"
            hint="Asked when someone registers. Answers show on the registrations page and in the CSV."
            empty="No questions: registering takes one click."
          />
        </Section>

        <div className="sticky bottom-0 -mx-5 flex flex-col gap-3 border-t bg-background/95 px-5 py-4 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:px-0">
          <FieldError className="sm:mr-auto">{formError}</FieldError>
          <Button type="submit" variant={isDraft ? "outline" : "default"} size="lg" disabled={busy}>
            {pendingAction === "save" ? <Spinner label="Saving" /> : null}
            {isDraft ? "Save draft" : "Save changes"}
          </Button>
          {isDraft ? (
            <Button
              size="lg"
              disabled={busy}
              aria-describedby={startPassed ? startPassedId(id) : undefined}
              onClick={() => void onPublish()}
            >
              {pendingAction === "publish" ? <Spinner label="Publishing" /> : null}
              Publish
            </Button>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}
