import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { ChoiceGroup } from "#client/components/ui/choice-group.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { JOIN_POLICIES } from "#client/features/communities/community-choices.ts";
import type { CommunityQuery } from "#client/gql/graphql.ts";
import { type MembershipSettingsValues, membershipSettingsSchema } from "./settings-schema.ts";
import { SectionFooter, SettingsSection } from "./settings-section.tsx";
import { useSettingsSave } from "./use-settings-save.ts";

type Community = CommunityQuery["community"];

export function MembershipSection({ community, readOnly }: { community: Community; readOnly: boolean }) {
  const id = useId();
  const form = useForm<MembershipSettingsValues>({
    resolver: zodResolver(membershipSettingsSchema),
    defaultValues: { joinPolicy: community.joinPolicy },
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const { errors, isDirty } = formState;
  const { prompt } = useUnsavedChanges(isDirty);
  const { save, formError, isSaving } = useSettingsSave<MembershipSettingsValues>(
    community.id,
    ["joinPolicy"],
    setError,
  );

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save({ joinPolicy: values.joinPolicy }, "Membership settings saved.");
    if (saved) reset({ joinPolicy: saved.joinPolicy });
  });

  return (
    <SettingsSection
      anchor="membership"
      title="Membership"
      description="How people become members. Changing it doesn't affect people who are already in."
    >
      <form onSubmit={onSubmit} noValidate>
        {prompt}
        <fieldset disabled={readOnly}>
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
                errorId={`${id}-joinPolicy-error`}
                disabled={readOnly}
              />
            )}
          />
        </fieldset>
        {readOnly ? null : (
          <SectionFooter>
            <FieldError className="sm:mr-auto">{formError}</FieldError>
            <Button type="submit" disabled={!isDirty || isSaving}>
              {isSaving ? <Spinner label="Saving" /> : null}
              Save membership settings
            </Button>
          </SectionFooter>
        )}
      </form>
    </SettingsSection>
  );
}
