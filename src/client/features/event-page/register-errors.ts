import type { AnswerInput } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import type { AnswerErrors } from "./answers.ts";
import type { EventQuestion } from "./api/event-page-queries.ts";

export type RegisterFailure = { message: string | null; fields: AnswerErrors; needsSignIn: boolean };

const ANSWER_CODES = new Set(["ANSWER_REQUIRED", "INVALID_ANSWER", "REQUIRED", "TOO_LONG"]);

/** A field error names its question by id ("answers.q1", "q1") or by position ("answers.0"). */
function questionFor(field: string, questions: readonly EventQuestion[], sent: readonly AnswerInput[]) {
  const byId = questions.find((question) => field === question.id || field.split(".").includes(question.id));
  if (byId) return byId;
  const index = /(?:^|\.)(\d+)(?:\.|$)/.exec(field)?.[1];
  if (index === undefined) return undefined;
  const questionId = sent[Number(index)]?.questionId;
  return questions.find((question) => question.id === questionId);
}

export function describeRegisterError(
  error: unknown,
  questions: readonly EventQuestion[],
  sent: readonly AnswerInput[],
): RegisterFailure {
  const failure: RegisterFailure = { message: null, fields: {}, needsSignIn: false };
  if (!(error instanceof GraphQLRequestError)) {
    failure.message = "Something went wrong. Please try again.";
    return failure;
  }
  switch (error.code) {
    case "EVENT_FULL":
      failure.message = "Sorry — this event just filled up.";
      return failure;
    case "EVENT_CLOSED":
      failure.message = "Registration for this event is closed.";
      return failure;
    case "ALREADY_REGISTERED":
      failure.message = "You're already registered for this event.";
      return failure;
    case "UNAUTHENTICATED":
      failure.message = "Your session ended. Sign in again to register.";
      failure.needsSignIn = true;
      return failure;
    case "NETWORK_ERROR":
      failure.message = error.message;
      return failure;
  }
  for (const field of error.fields) {
    const question = ANSWER_CODES.has(field.code) ? questionFor(field.field, questions, sent) : undefined;
    if (question) failure.fields[question.id] = field.message;
  }
  if (Object.keys(failure.fields).length === 0) {
    failure.message = error.message || "Something went wrong. Please try again.";
  }
  return failure;
}
