import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef } from "react";
import { Controller, FormProvider, type Path, useForm, useWatch } from "react-hook-form";
import { SectionFooter, SettingsSection } from "#client/components/layout/settings-section.tsx";
import { questionToValue, valueToQuestionInput } from "#client/components/questions/question-form.ts";
import { QuestionsEditor } from "#client/components/questions/questions-editor.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ChoiceGroup } from "#client/components/ui/choice-group.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { JOIN_POLICIES } from "#client/features/communities/community-choices.ts";
import type { CommunityQuery, UpdateCommunityInput } from "#client/gql/graphql.ts";
import {
  type MembershipSettingsOutput,
  type MembershipSettingsValues,
  membershipSettingsSchema,
} from "./settings-schema.ts";
import { useSettingsSave } from "./use-settings-save.ts";

type Community = CommunityQuery["community"];

const valuesOf = (
  community: Pick<Community, "joinPolicy" | "joinQuestions" | "memberDirectory">,
): MembershipSettingsValues => ({
  joinPolicy: community.joinPolicy,
  questions: community.joinQuestions.map(questionToValue),
  memberDirectory: community.memberDirectory,
});

const inputsOf = (questions: Community["joinQuestions"]) =>
  questions.map((question) => valueToQuestionInput(questionToValue(question)));

/** The server names join questions `joinQuestions.N...`; this form keeps them under `questions`. */
const formPath = (serverField: string): Path<MembershipSettingsValues> | null =>
  serverField.startsWith("joinQuestions")
    ? (serverField.replace(/^joinQuestions/, "questions") as Path<MembershipSettingsValues>)
    : null;

export function MembershipSection({ community, readOnly }: { community: Community; readOnly: boolean }) {
  const id = useId();
  const form = useForm<MembershipSettingsValues, unknown, MembershipSettingsOutput>({
    resolver: zodResolver(membershipSettingsSchema),
    defaultValues: valuesOf(community),
  });
  const { control, handleSubmit, setError, reset, formState, register } = form;
  const { errors, isDirty, dirtyFields } = formState;
  const { prompt } = useUnsavedChanges(isDirty);
  const { save, formError, isSaving } = useSettingsSave<MembershipSettingsValues>(
    community.id,
    ["joinPolicy", "questions", "memberDirectory"],
    setError,
    formPath,
  );
  const joinPolicy = useWatch({ control, name: "joinPolicy" });
  const savedQuestions = useRef(inputsOf(community.joinQuestions));

  const onSubmit = handleSubmit(async (values) => {
    const input: UpdateCommunityInput = {};
    if (dirtyFields.joinPolicy) input.joinPolicy = values.joinPolicy;
    if (dirtyFields.memberDirectory) input.memberDirectory = values.memberDirectory;
    const questions = values.questions.map(valueToQuestionInput);
    // Field arrays keep no reliable dirty flag after a removal: compare with what was last saved.
    if (JSON.stringify(questions) !== JSON.stringify(savedQuestions.current)) input.joinQuestions = questions;
    const saved = await save(input, "Membership settings saved.");
    if (saved) {
      savedQuestions.current = inputsOf(saved.joinQuestions);
      reset(valuesOf(saved));
    }
  });

  return (
    <SettingsSection
      anchor="membership"
      title="Membership"
      description="How people become members. Changing it doesn't affect people who are already in."
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          {prompt}
          <fieldset disabled={readOnly} className="grid gap-6">
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
            {joinPolicy === "APPROVAL" ? (
              <QuestionsEditor
                legend="Join questions"
                hint="Asked when someone requests to join. Their answers show with the request, so you can decide."
                empty="No questions: a request to join takes one click."
              />
            ) : null}
            <FieldError>{errors.questions?.message ?? errors.questions?.root?.message}</FieldError>
            <div className="flex items-start gap-3">
              <input
                id={`${id}-directory`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-describedby={`${id}-directory-hint`}
                {...register("memberDirectory")}
              />
              <div className="grid gap-0.5">
                <label htmlFor={`${id}-directory`} className="text-sm font-medium">
                  Show members who else belongs
                </label>
                <p id={`${id}-directory-hint`} className="text-sm text-muted-foreground">
                  Members see a directory of names and roles on the community page. Email addresses stay with
                  organizers.
                </p>
              </div>
            </div>
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
      </FormProvider>
    </SettingsSection>
  );
}
