import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { SectionFooter, SettingsSection } from "#client/components/layout/settings-section.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ChoiceGroup } from "#client/components/ui/choice-group.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { MarkdownField } from "#client/components/ui/markdown-field.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { useSlugAvailability } from "#client/features/communities/api/use-slug-availability.ts";
import { VISIBILITIES } from "#client/features/communities/community-choices.ts";
import { LocaleFields } from "#client/features/communities/components/locale-fields.tsx";
import { SlugPrefix } from "#client/features/communities/components/slug-prefix.tsx";
import { SlugStatusLine } from "#client/features/communities/components/slug-status-line.tsx";
import type { CommunityQuery } from "#client/gql/graphql.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { sanitizeSlugInput } from "#shared/slug.ts";
import {
  changedFields,
  type GeneralSettingsOutput,
  type GeneralSettingsValues,
  generalSettingsSchema,
} from "./settings-schema.ts";
import { useSettingsSave } from "./use-settings-save.ts";

type Community = CommunityQuery["community"];

const FIELDS = ["name", "slug", "description", "timeZone", "currency", "visibility"] as const;
type FieldName = (typeof FIELDS)[number];

function generalValues(community: Community): GeneralSettingsValues {
  return {
    name: community.name,
    slug: community.slug,
    description: community.description,
    timeZone: community.timeZone,
    currency: community.currency,
    visibility: community.visibility,
  };
}

export function GeneralSection({ community, readOnly }: { community: Community; readOnly: boolean }) {
  const id = useId();
  const form = useForm<GeneralSettingsValues, unknown, GeneralSettingsOutput>({
    resolver: zodResolver(generalSettingsSchema),
    mode: "onTouched",
    defaultValues: generalValues(community),
  });
  const { register, control, handleSubmit, setValue, setError, getValues, watch, reset, formState } = form;
  const { errors, isDirty, dirtyFields } = formState;
  const { prompt } = useUnsavedChanges(isDirty);
  const { save, formError, isSaving } = useSettingsSave<GeneralSettingsValues>(
    community.id,
    FIELDS,
    setError,
  );
  const slug = watch("slug");
  const slugStatus = useSlugAvailability(slug, community.slug);

  const onSubmit = handleSubmit(async (values) => {
    if (slugStatus === "taken" || slugStatus === "reserved") {
      setError("slug", { message: "That address is already taken. Try another one." }, { shouldFocus: true });
      return;
    }
    const changes = changedFields(values, dirtyFields);
    if (Object.keys(changes).length === 0) return;
    const saved = await save(changes, "General settings saved.");
    // The new baseline is what the server stored, so trimmed values and others' edits show up.
    if (saved) reset(generalValues(saved));
  });

  const fieldId = (name: FieldName) => `${id}-${name}`;
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const describedByFor = (name: FieldName, hint?: string) =>
    [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(" ") || undefined;

  const slugField = register("slug", {
    onChange: (event: { target: { value: string } }) =>
      setValue("slug", sanitizeSlugInput(event.target.value)),
  });

  return (
    <SettingsSection
      anchor="general"
      title="General"
      description="The name, address and description people see, and where and how the community runs."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby="general-heading">
        {prompt}
        <fieldset disabled={readOnly} className="grid gap-6">
          <div className="grid gap-2">
            <Label htmlFor={fieldId("name")}>Name</Label>
            <Input
              id={fieldId("name")}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedByFor("name")}
              aria-required="true"
              {...register("name")}
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
                aria-describedby={describedByFor("slug", `${id}-slug-status ${id}-slug-hint`)}
                aria-required="true"
                {...slugField}
              />
            </div>
            {slug === community.slug ? (
              <FieldHint id={`${id}-slug-status`}>This is the community's current address.</FieldHint>
            ) : (
              <SlugStatusLine id={`${id}-slug-status`} status={slugStatus} />
            )}
            <FieldHint id={`${id}-slug-hint`}>
              Links that use the old address stop working when you change it.
            </FieldHint>
            <FieldError id={errorId("slug")}>{errors.slug?.message}</FieldError>
          </div>

          <div className="grid gap-2">
            <Label id={`${id}-description-label`} htmlFor={fieldId("description")}>
              Description <span className="font-normal text-muted-foreground">(optional, Markdown)</span>
            </Label>
            <MarkdownField
              labelId={`${id}-description-label`}
              getSource={() => getValues("description")}
              textarea={
                <Textarea
                  id={fieldId("description")}
                  rows={6}
                  maxLength={TEXT_LIMITS.communityDescription}
                  placeholder="What brings your people together?"
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={describedByFor("description", `${id}-description-hint`)}
                  {...register("description")}
                />
              }
            />
            <FieldHint id={`${id}-description-hint`}>
              **bold**, _italic_, [links](https://example.com) and lists work. HTML is shown as text.
            </FieldHint>
            <FieldError id={errorId("description")}>{errors.description?.message}</FieldError>
          </div>

          <div className="grid gap-6 sm:grid-cols-2">
            <LocaleFields control={control} id={id} errors={errors} disabled={readOnly} />
          </div>

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
                disabled={readOnly}
              />
            )}
          />
        </fieldset>

        {readOnly ? null : (
          <SectionFooter>
            <FieldError className="sm:mr-auto">{formError}</FieldError>
            <Button type="button" variant="ghost" disabled={!isDirty || isSaving} onClick={() => reset()}>
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty || isSaving}>
              {isSaving ? <Spinner label="Saving" /> : null}
              Save general settings
            </Button>
          </SectionFooter>
        )}
      </form>
    </SettingsSection>
  );
}
