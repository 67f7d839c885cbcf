import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { ChoiceGroup } from "#client/components/ui/choice-group.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { useCreateCommunity } from "#client/features/communities/api/create-community.ts";
import { useSlugAvailability } from "#client/features/communities/api/use-slug-availability.ts";
import { JOIN_POLICIES, VISIBILITIES } from "#client/features/communities/community-choices.ts";
import { browserTimeZone, defaultCurrency } from "#client/features/communities/locale-defaults.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { sanitizeSlugInput, slugify } from "#shared/slug.ts";
import {
  type CreateCommunityOutput,
  type CreateCommunityValues,
  createCommunitySchema,
} from "./create-community-schema.ts";
import { LocaleFields } from "./locale-fields.tsx";
import { SlugPrefix } from "./slug-prefix.tsx";
import { SlugStatusLine } from "./slug-status-line.tsx";

const FIELD_NAMES = [
  "name",
  "slug",
  "description",
  "timeZone",
  "currency",
  "visibility",
  "joinPolicy",
] as const;
type FieldName = (typeof FIELD_NAMES)[number];

function isFieldName(value: string): value is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(value);
}

export function CreateCommunityForm({ onCreated }: { onCreated: (id: string) => void }) {
  const id = useId();
  const createCommunity = useCreateCommunity();
  const [slugEdited, setSlugEdited] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<CreateCommunityValues, unknown, CreateCommunityOutput>({
    resolver: zodResolver(createCommunitySchema),
    mode: "onTouched",
    defaultValues: {
      name: "",
      slug: "",
      description: "",
      timeZone: browserTimeZone(),
      currency: defaultCurrency(typeof navigator === "undefined" ? undefined : navigator.language),
      visibility: "PUBLIC",
      joinPolicy: "OPEN",
    },
  });
  const { register, control, handleSubmit, setValue, setError, watch, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const { prompt, allowLeave } = useUnsavedChanges(isDirty);
  const slug = watch("slug");
  const slugStatus = useSlugAvailability(slug);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (slugStatus === "taken" || slugStatus === "reserved") {
      setError("slug", { message: "That address is already taken. Try another one." }, { shouldFocus: true });
      return;
    }
    try {
      const community = await createCommunity.mutateAsync({
        ...values,
        description: values.description || null,
      });
      allowLeave();
      onCreated(community.id);
    } catch (error) {
      if (
        error instanceof GraphQLRequestError &&
        error.code === "BAD_USER_INPUT" &&
        error.fields.length > 0
      ) {
        let focused = false;
        for (const field of error.fields) {
          if (isFieldName(field.field)) {
            setError(field.field, { message: field.message }, { shouldFocus: !focused });
            focused = true;
          } else {
            setFormError(field.message);
          }
        }
        return;
      }
      setFormError(
        error instanceof GraphQLRequestError &&
          (error.code === "NETWORK_ERROR" || error.code === "RATE_LIMITED")
          ? error.message
          : "We couldn't create the community. Please try again.",
      );
    }
  });

  const fieldId = (name: FieldName) => `${id}-${name}`;
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const describedByFor = (name: FieldName, hint?: string) =>
    [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(" ") || undefined;

  const nameField = register("name", {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited)
        setValue("slug", slugify(event.target.value), { shouldValidate: formState.touchedFields.slug });
    },
  });
  const slugField = register("slug", {
    onChange: (event: { target: { value: string } }) => {
      setSlugEdited(event.target.value.length > 0);
      setValue("slug", sanitizeSlugInput(event.target.value));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8">
      {prompt}
      <section className="grid gap-6" aria-labelledby={`${id}-basics`}>
        <h2 id={`${id}-basics`} className="text-base font-semibold">
          Basics
        </h2>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("name")}>Name</Label>
          <Input
            id={fieldId("name")}
            autoComplete="off"
            autoFocus
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedByFor("name")}
            aria-required="true"
            {...nameField}
          />
          <FieldError id={errorId("name")}>{errors.name?.message}</FieldError>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={fieldId("slug")}>URL slug</Label>
          <div className="flex items-stretch rounded-md shadow-xs">
            <SlugPrefix />
            <Input
              id={fieldId("slug")}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              box="h-10 rounded-r-md px-3 py-2 text-sm"
              aria-invalid={
                errors.slug || slugStatus === "taken" || slugStatus === "reserved" ? true : undefined
              }
              aria-describedby={describedByFor("slug", `${id}-slug-status`)}
              aria-required="true"
              {...slugField}
            />
          </div>
          <SlugStatusLine id={`${id}-slug-status`} status={slugStatus} />
          <FieldError id={errorId("slug")}>{errors.slug?.message}</FieldError>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={fieldId("description")}>
            Description <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={fieldId("description")}
            rows={4}
            maxLength={TEXT_LIMITS.communityDescription}
            placeholder="What brings your people together?"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedByFor("description")}
            {...register("description")}
          />
          <FieldError id={errorId("description")}>{errors.description?.message}</FieldError>
        </div>
      </section>

      <section className="grid gap-6 sm:grid-cols-2" aria-labelledby={`${id}-region`}>
        <h2 id={`${id}-region`} className="text-base font-semibold sm:col-span-2">
          Time and money
        </h2>
        <LocaleFields control={control} id={id} errors={errors} />
      </section>

      <section className="grid gap-6" aria-labelledby={`${id}-access`}>
        <h2 id={`${id}-access`} className="text-base font-semibold">
          Access
        </h2>
        <Controller
          control={control}
          name="visibility"
          render={({ field }) => (
            <ChoiceGroup
              legend="Visibility"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              choices={VISIBILITIES}
              error={errors.visibility?.message}
              errorId={errorId("visibility")}
            />
          )}
        />
        <Controller
          control={control}
          name="joinPolicy"
          render={({ field }) => (
            <ChoiceGroup
              legend="Join policy"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              choices={JOIN_POLICIES}
              error={errors.joinPolicy?.message}
              errorId={errorId("joinPolicy")}
            />
          )}
        />
      </section>

      <FieldError>{formError}</FieldError>
      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner label="Creating community" /> : null}
          Create community
        </Button>
      </div>
    </form>
  );
}
