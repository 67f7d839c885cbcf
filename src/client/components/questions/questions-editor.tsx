import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import type { QuestionKind } from "#client/gql/graphql.ts";
import { TEXT_LIMITS } from "#shared/limits.ts";
import {
  isChoiceKind,
  newQuestion,
  QUESTION_KIND_LABEL,
  QUESTION_KINDS,
  type QuestionsFormValues,
} from "./question-form.ts";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40";

function isQuestionKind(value: string): value is QuestionKind {
  return (QUESTION_KINDS as readonly string[]).includes(value);
}

/**
 * The questions a form keeps under `questions` (an event's registration questions, a community's
 * join questions): add, remove, reorder, and options for choices.
 */
export function QuestionsEditor({
  legend,
  hint,
  empty,
}: {
  legend: string;
  hint: string;
  /** Shown while there are no questions. */
  empty: string;
}) {
  const id = useId();
  const { control } = useFormContext<QuestionsFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: "questions", keyName: "key" });
  const [announcement, setAnnouncement] = useState("");

  function moveQuestion(from: number, to: number) {
    move(from, to);
    setAnnouncement(`Question ${from + 1} moved to position ${to + 1}.`);
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <FieldHint>{hint}</FieldHint>
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <QuestionRow
            key={field.key}
            index={index}
            count={fields.length}
            idPrefix={`${id}-${field.key}`}
            onMove={moveQuestion}
            onRemove={() => {
              remove(index);
              setAnnouncement(`Question ${index + 1} removed.`);
            }}
          />
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={() => append(newQuestion())}>
          <PlusIcon aria-hidden="true" /> Add question
        </Button>
      </div>
    </fieldset>
  );
}

function QuestionRow({
  index,
  count,
  idPrefix,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  idPrefix: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<QuestionsFormValues>();
  const kind = useWatch({ control, name: `questions.${index}.kind` });
  const labelError = errors.questions?.[index]?.label?.message;
  const kindError = errors.questions?.[index]?.kind?.message;
  const number = index + 1;

  const kindField = register(`questions.${index}.kind`, {
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      if (!isQuestionKind(next) || !isChoiceKind(next)) return;
      // Switching to a choice kind starts with two empty options, keeping any already typed.
      const options = getValues(`questions.${index}.options`);
      if (options.length === 0) setValue(`questions.${index}.options`, [{ value: "" }, { value: "" }]);
    },
  });

  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">Question {number}</span>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move question ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move question ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remove question ${number}`} onClick={onRemove}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-label`}>Question</Label>
          <Input
            id={`${idPrefix}-label`}
            autoComplete="off"
            maxLength={TEXT_LIMITS.questionLabel}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? `${idPrefix}-label-error` : undefined}
            {...register(`questions.${index}.label`)}
          />
          <FieldError id={`${idPrefix}-label-error`}>{labelError}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-kind`}>Answer type</Label>
          <select
            id={`${idPrefix}-kind`}
            className={selectClass}
            aria-invalid={kindError ? true : undefined}
            {...kindField}
          >
            {QUESTION_KINDS.map((value) => (
              <option key={value} value={value}>
                {QUESTION_KIND_LABEL[value]}
              </option>
            ))}
          </select>
          <FieldError>{kindError}</FieldError>
        </div>
      </div>
      <label className="flex w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          {...register(`questions.${index}.required`)}
        />
        Required
      </label>
      {kind && isChoiceKind(kind) ? <OptionsEditor questionIndex={index} idPrefix={idPrefix} /> : null}
    </li>
  );
}

export function OptionsEditor({ questionIndex, idPrefix }: { questionIndex: number; idPrefix: string }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<QuestionsFormValues>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `questions.${questionIndex}.options`,
    keyName: "key",
  });
  const questionErrors = errors.questions?.[questionIndex];
  const listError = questionErrors?.options?.root?.message ?? questionErrors?.options?.message;
  const number = questionIndex + 1;

  return (
    <fieldset className="grid gap-2 rounded-md bg-muted/40 p-3">
      <legend className="sr-only">{`Options for question ${number}`}</legend>
      <span aria-hidden="true" className="text-sm font-medium">
        Options
      </span>
      <ul className="grid gap-2">
        {fields.map((field, optionIndex) => {
          const optionError = questionErrors?.options?.[optionIndex]?.value?.message;
          const inputId = `${idPrefix}-option-${field.key}`;
          return (
            <li key={field.key} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Label htmlFor={inputId} className="sr-only">
                  {`Option ${optionIndex + 1}`}
                </Label>
                <Input
                  id={inputId}
                  autoComplete="off"
                  maxLength={TEXT_LIMITS.questionOption}
                  placeholder={`Option ${optionIndex + 1}`}
                  aria-invalid={optionError ? true : undefined}
                  aria-describedby={optionError ? `${inputId}-error` : undefined}
                  {...register(`questions.${questionIndex}.options.${optionIndex}.value`)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove option ${optionIndex + 1}`}
                  onClick={() => remove(optionIndex)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </div>
              <FieldError id={`${inputId}-error`}>{optionError}</FieldError>
            </li>
          );
        })}
      </ul>
      <FieldError>{listError}</FieldError>
      <div>
        <Button variant="ghost" size="sm" onClick={() => append({ value: "" })}>
          <PlusIcon aria-hidden="true" /> Add option
        </Button>
      </div>
    </fieldset>
  );
}
