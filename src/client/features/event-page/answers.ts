import type { AnswerInput } from "#client/gql/graphql.ts";
import { isTooLong, type TextField, tooLongMessage } from "#shared/limits.ts";
import type { EventQuestion } from "./api/event-page-queries.ts";

/** Every question's answer as a list of strings, the shape the API takes. */
export type Answers = Record<string, string[]>;
export type AnswerErrors = Record<string, string>;

export function valuesOf(answers: Answers, questionId: string): string[] {
  return answers[questionId] ?? [];
}

function isEmpty(values: string[]): boolean {
  return values.every((value) => value.trim() === "");
}

/** The length limit of a free-text answer; choices have none. */
export function answerLimit(kind: EventQuestion["kind"]): TextField | null {
  if (kind === "LONG_TEXT") return "longAnswer";
  if (kind === "SHORT_TEXT") return "shortAnswer";
  return null;
}

export function validateAnswer(question: EventQuestion, values: string[]): string | null {
  if (isEmpty(values)) {
    if (!question.required) return null;
    switch (question.kind) {
      case "CHECKBOX":
        return "Tick this box to continue.";
      case "SINGLE_CHOICE":
        return "Choose an option.";
      case "MULTIPLE_CHOICE":
        return "Choose at least one option.";
      default:
        return "This question needs an answer.";
    }
  }
  const limit = answerLimit(question.kind);
  if (limit !== null && isTooLong(limit, values[0])) return tooLongMessage(limit);
  if (
    (question.kind === "SINGLE_CHOICE" || question.kind === "MULTIPLE_CHOICE") &&
    values.some((value) => !question.options.includes(value))
  ) {
    return "Choose one of the options.";
  }
  return null;
}

export function validateAnswers(questions: readonly EventQuestion[], answers: Answers): AnswerErrors {
  const errors: AnswerErrors = {};
  for (const question of questions) {
    const message = validateAnswer(question, valuesOf(answers, question.id));
    if (message) errors[question.id] = message;
  }
  return errors;
}

export function toAnswerInput(questions: readonly EventQuestion[], answers: Answers): AnswerInput[] {
  return questions.flatMap((question) => {
    const values = valuesOf(answers, question.id)
      .map((value) => value.trim())
      .filter(Boolean);
    return values.length > 0 ? [{ questionId: question.id, values }] : [];
  });
}
