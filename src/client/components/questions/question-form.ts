import { z } from "zod";
import type { QuestionInput, QuestionKind } from "#client/gql/graphql.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";

// Questions as a form edits them (event registration questions and community join questions):
// the same kinds, labels and checks for both.

export const QUESTION_KIND_LABEL: Record<QuestionKind, string> = {
  SHORT_TEXT: "Short answer",
  LONG_TEXT: "Paragraph",
  SINGLE_CHOICE: "One choice",
  MULTIPLE_CHOICE: "Several choices",
  CHECKBOX: "Checkbox (yes / no)",
};

export const QUESTION_KINDS = [
  "SHORT_TEXT",
  "LONG_TEXT",
  "SINGLE_CHOICE",
  "MULTIPLE_CHOICE",
  "CHECKBOX",
] as const;

export function isChoiceKind(kind: QuestionKind): boolean {
  return kind === "SINGLE_CHOICE" || kind === "MULTIPLE_CHOICE";
}

export const questionSchema = z
  .object({
    id: z.string().optional(),
    kind: z.enum(QUESTION_KINDS),
    label: z
      .string()
      .trim()
      .min(1, "Write the question.")
      .max(TEXT_LIMITS.questionLabel, tooLongMessage("questionLabel"))
      .refine((value) => !hasUnsafeNameCharacters(value), INVALID_CHARACTERS_MESSAGE),
    required: z.boolean(),
    options: z.array(z.object({ value: z.string() })),
  })
  .superRefine((question, context) => {
    if (!isChoiceKind(question.kind)) return;
    const filled = question.options.filter((option) => option.value.trim() !== "");
    if (filled.length < 2) {
      context.addIssue({ code: "custom", path: ["options"], message: "Add at least two options." });
    }
    const seen = new Set<string>();
    question.options.forEach((option, index) => {
      const value = option.value.trim().toLowerCase();
      if (hasUnsafeNameCharacters(option.value.trim())) {
        context.addIssue({
          code: "custom",
          path: ["options", index, "value"],
          message: INVALID_CHARACTERS_MESSAGE,
        });
      } else if (value !== "" && seen.has(value)) {
        context.addIssue({
          code: "custom",
          path: ["options", index, "value"],
          message: "This option is listed twice.",
        });
      }
      seen.add(value);
    });
  });

export type QuestionFormValue = z.input<typeof questionSchema>;

/** Any form whose questions the editor edits keeps them under `questions`. */
export type QuestionsFormValues = { questions: QuestionFormValue[] };

export function newQuestion(kind: QuestionKind = "SHORT_TEXT"): QuestionFormValue {
  return {
    kind,
    label: "",
    required: false,
    options: isChoiceKind(kind) ? [{ value: "" }, { value: "" }] : [],
  };
}

type SavedQuestion = { id: string; kind: QuestionKind; label: string; required: boolean; options: string[] };

export function questionToValue(question: SavedQuestion): QuestionFormValue {
  return {
    id: question.id,
    kind: question.kind,
    label: question.label,
    required: question.required,
    options: question.options.map((value) => ({ value })),
  };
}

export function valueToQuestionInput(question: z.output<typeof questionSchema>): QuestionInput {
  return {
    ...(question.id ? { id: question.id } : {}),
    kind: question.kind,
    label: question.label,
    required: question.required,
    options: isChoiceKind(question.kind)
      ? question.options.map((option) => option.value.trim()).filter((value) => value !== "")
      : [],
  };
}
