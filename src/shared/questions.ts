import { COUNT_LIMITS, TEXT_LIMITS, tooLongMessage } from "./limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "./names.ts";

/**
 * Questions a person answers when registering for an event or asking to join a community: one set
 * of kinds and one set of checks for both, so an answer means the same thing everywhere.
 */
export const QUESTION_KINDS = [
  "short_text",
  "long_text",
  "single_choice",
  "multiple_choice",
  "checkbox",
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export type Question = {
  id: string;
  kind: QuestionKind;
  label: string;
  required: boolean;
  options: string[];
};

export type QuestionInput = {
  id?: string | null;
  kind: QuestionKind;
  label: string;
  required: boolean;
  options?: string[] | null;
};

export type ValidQuestion = Omit<Question, "id"> & { id: string | null };

/** question id -> chosen or typed values, as registrations and join requests store them */
export type Answers = Record<string, string[]>;
export type AnswerInput = { questionId: string; values: string[] };

/** The same shape as the server's field errors, so its callers can throw them as they are. */
export type QuestionFieldError = { field: string; code: string; message: string };

const CHOICE_KINDS: readonly QuestionKind[] = ["single_choice", "multiple_choice"];

/** Checks a list of questions as an organizer wrote them; `field` prefixes each error's path. */
export function validateQuestions(
  input: readonly QuestionInput[],
  field = "questions",
): { value: ValidQuestion[]; errors: QuestionFieldError[] } {
  const errors: QuestionFieldError[] = [];
  const err = (path: string, code: string, message: string) => errors.push({ field: path, code, message });
  if (input.length > COUNT_LIMITS.questions)
    err(field, "TOO_LONG", `Ask at most ${COUNT_LIMITS.questions} questions.`);
  const value = input.map((q, i) => {
    const label = q.label.trim();
    if (!label) err(`${field}.${i}.label`, "REQUIRED", "Write the question.");
    if (label.length > TEXT_LIMITS.questionLabel)
      err(`${field}.${i}.label`, "TOO_LONG", tooLongMessage("questionLabel"));
    if (hasUnsafeNameCharacters(label))
      err(`${field}.${i}.label`, "INVALID_CHARACTERS", INVALID_CHARACTERS_MESSAGE);
    let options: string[] = [];
    if (CHOICE_KINDS.includes(q.kind)) {
      options = [...new Set((q.options ?? []).map((o) => o.trim()).filter(Boolean))];
      if (options.length < 2 || options.length !== (q.options ?? []).length) {
        err(`${field}.${i}.options`, "INVALID_OPTIONS", "Give at least two different, non-empty options.");
      } else if (options.length > COUNT_LIMITS.questionOptions) {
        err(`${field}.${i}.options`, "TOO_LONG", `Offer at most ${COUNT_LIMITS.questionOptions} options.`);
      } else if (options.some((o) => o.length > TEXT_LIMITS.questionOption)) {
        err(`${field}.${i}.options`, "TOO_LONG", `Each option: ${tooLongMessage("questionOption")}`);
      } else if (options.some(hasUnsafeNameCharacters)) {
        err(`${field}.${i}.options`, "INVALID_CHARACTERS", `Each option: ${INVALID_CHARACTERS_MESSAGE}`);
      }
    }
    const id = q.id?.trim() ? q.id.trim() : null;
    return { id, kind: q.kind, label, required: q.required, options };
  });
  return { value, errors };
}

/** Checks answers against the questions asked; returns the cleaned answers keyed by question id. */
export function validateAnswers(
  questions: readonly Question[],
  answers: readonly AnswerInput[],
): { value: Answers; errors: QuestionFieldError[] } {
  const errors: QuestionFieldError[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, string[]>();
  for (const answer of answers) {
    const values = answer.values.map((v) => v.trim()).filter(Boolean);
    if (!byId.has(answer.questionId)) {
      errors.push({
        field: `answers.${answer.questionId}`,
        code: "INVALID_ANSWER",
        message: "That question is not asked here.",
      });
    } else if (values.length > 0) given.set(answer.questionId, values);
  }
  const value: Answers = {};
  for (const q of questions) {
    const field = `answers.${q.id}`;
    const values = given.get(q.id) ?? [];
    const invalid = (message: string) => errors.push({ field, code: "INVALID_ANSWER", message });
    if (values.length === 0 || (q.kind === "checkbox" && values[0] !== "true")) {
      if (q.required) errors.push({ field, code: "ANSWER_REQUIRED", message: "Answer this question." });
      continue;
    }
    switch (q.kind) {
      case "short_text":
      case "long_text": {
        const limit = q.kind === "short_text" ? "shortAnswer" : "longAnswer";
        if (values.length !== 1) invalid("Give one answer.");
        else if ((values[0] ?? "").length > TEXT_LIMITS[limit]) invalid(tooLongMessage(limit));
        break;
      }
      case "single_choice":
        if (values.length !== 1 || !q.options.includes(values[0] ?? ""))
          invalid("Choose one of the options.");
        break;
      case "multiple_choice":
        if (new Set(values).size !== values.length || values.some((v) => !q.options.includes(v)))
          invalid("Choose among the options.");
        break;
      case "checkbox":
        if (values.length !== 1) invalid("Tick the box or leave it empty.");
        break;
    }
    value[q.id] = values;
  }
  return { value, errors };
}
