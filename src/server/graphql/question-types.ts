import type { Question } from "#shared/questions.ts";
import { builder } from "./builder.ts";

// The question and answer types events and communities share (src/shared/questions.ts).

export const QuestionKind = builder.enumType("QuestionKind", {
  values: {
    SHORT_TEXT: { value: "short_text" },
    LONG_TEXT: { value: "long_text" },
    SINGLE_CHOICE: { value: "single_choice" },
    MULTIPLE_CHOICE: { value: "multiple_choice" },
    CHECKBOX: { value: "checkbox" },
  } as const,
});

export const QuestionInput = builder.inputType("QuestionInput", {
  fields: (t) => ({
    id: t.id({ required: false }),
    kind: t.field({ type: QuestionKind, required: true }),
    label: t.string({ required: true }),
    required: t.boolean({ required: true }),
    options: t.stringList({ required: false }),
  }),
});

export const AnswerInput = builder.inputType("AnswerInput", {
  fields: (t) => ({
    questionId: t.id({ required: true }),
    values: t.stringList({ required: true }),
  }),
});

/** A community's join question. */
export const JoinQuestion = builder.objectRef<Question>("JoinQuestion").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.field({ type: QuestionKind, resolve: (q) => q.kind }),
    label: t.exposeString("label"),
    required: t.exposeBoolean("required"),
    options: t.exposeStringList("options"),
  }),
});

/** Normalises GraphQL's ids (string | number) in answers to the strings the checks compare. */
export const answersOf = (answers: readonly { questionId: string | number; values: string[] }[]) =>
  answers.map((a) => ({ questionId: String(a.questionId), values: a.values }));
