import { describe, expect, it } from "vitest";
import { type Question, validateAnswers, validateQuestions } from "./questions.ts";

const questions: Question[] = [
  { id: "why", kind: "short_text", label: "Why join?", required: true, options: [] },
  { id: "level", kind: "single_choice", label: "Level", required: false, options: ["New", "Seasoned"] },
];

describe("questions", () => {
  it("reports every badly written question under the caller's field name", () => {
    const { errors } = validateQuestions(
      [
        { kind: "short_text", label: " ", required: false },
        { kind: "single_choice", label: "Pick", required: true, options: ["Only one"] },
      ],
      "joinQuestions",
    );
    expect(errors.map((e) => `${e.field}:${e.code}`)).toEqual([
      "joinQuestions.0.label:REQUIRED",
      "joinQuestions.1.options:INVALID_OPTIONS",
    ]);
  });

  it("refuses a missing required answer and an option that was never offered", () => {
    const { errors } = validateAnswers(questions, [{ questionId: "level", values: ["Expert"] }]);
    expect(errors.map((e) => `${e.field}:${e.code}`)).toEqual([
      "answers.why:ANSWER_REQUIRED",
      "answers.level:INVALID_ANSWER",
    ]);
  });

  it("keeps trimmed answers keyed by question", () => {
    const { value, errors } = validateAnswers(questions, [{ questionId: "why", values: [" To learn "] }]);
    expect(errors).toEqual([]);
    expect(value).toEqual({ why: ["To learn"] });
  });
});
