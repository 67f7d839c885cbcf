// @vitest-environment node
import { describe, expect, it } from "vitest";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { describeError } from "./error-message.ts";

describe("describeError", () => {
  it("shows the server's sentence for a state conflict", () => {
    const error = new GraphQLRequestError("Only waitlisted registrations can be moved.", "CONFLICT", [], 200);
    expect(describeError(error, "Could not move them.")).toBe("Only waitlisted registrations can be moved.");
  });

  it("shows the first field's message for bad input, and the fallback for an unexpected error", () => {
    const input = new GraphQLRequestError(
      "Invalid input.",
      "BAD_USER_INPUT",
      [{ field: "title", code: "REQUIRED", message: "Give the event a title." }],
      200,
    );
    expect(describeError(input, "Could not save.")).toBe("Give the event a title.");
    const unexpected = new GraphQLRequestError("Unexpected error.", "INTERNAL_SERVER_ERROR", [], 200);
    expect(describeError(unexpected, "Could not save.")).toBe("Could not save.");
  });
});
