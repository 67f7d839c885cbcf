import { GraphQLError } from "graphql";
import { createSchema, createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { conflict, DomainError, invalidInput } from "#server/errors.ts";
import { maskError } from "./errors.ts";

// The mapping as Yoga runs it, on a schema whose resolvers throw what services and bugs throw.
const yoga = createYoga({
  schema: createSchema({
    typeDefs: "type Query { input: Int, conflict: Int, notFound: Int, bug: Int, refused: Int }",
    resolvers: {
      Query: {
        input: () => {
          throw invalidInput([{ field: "title", code: "REQUIRED", message: "Give it a title." }]);
        },
        conflict: async () => {
          throw conflict("Only pending registrations can be approved.");
        },
        notFound: () => {
          throw new DomainError("NOT_FOUND", "Not found.");
        },
        bug: () => {
          throw new Error('relation "secret_table" does not exist');
        },
        refused: () => {
          throw new GraphQLError("Too deep.", { extensions: { code: "QUERY_TOO_DEEP" } });
        },
      },
    },
  }),
  maskedErrors: { isDev: false, maskError },
  logging: false,
});

async function errorOf(field: string) {
  const response = await yoga.fetch("http://localhost/graphql", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `{ ${field} }` }),
  });
  const body = (await response.json()) as {
    errors: { message: string; path?: string[]; extensions: object }[];
  };
  return body.errors[0];
}

describe("domain errors become GraphQL errors in one place", () => {
  it("keeps an input error's code and fields", async () => {
    expect(await errorOf("input")).toEqual({
      message: "Give it a title.",
      path: ["input"],
      locations: [{ line: 1, column: 3 }],
      extensions: {
        code: "BAD_USER_INPUT",
        fields: [{ field: "title", code: "REQUIRED", message: "Give it a title." }],
      },
    });
  });

  it("answers a state conflict with CONFLICT and not-found with NOT_FOUND", async () => {
    expect(await errorOf("conflict")).toMatchObject({
      message: "Only pending registrations can be approved.",
      extensions: { code: "CONFLICT" },
    });
    expect(await errorOf("notFound")).toMatchObject({ extensions: { code: "NOT_FOUND" } });
  });

  it("masks an unexpected error: no message, no stack, INTERNAL_SERVER_ERROR", async () => {
    const error = await errorOf("bug");
    expect(error).toMatchObject({ message: "Unexpected error.", path: ["bug"] });
    expect(error?.extensions).toEqual({ code: "INTERNAL_SERVER_ERROR" });
    expect(JSON.stringify(error)).not.toContain("secret_table");
  });

  it("lets a GraphQLError made on purpose keep its own code", async () => {
    expect(await errorOf("refused")).toMatchObject({
      message: "Too deep.",
      extensions: { code: "QUERY_TOO_DEEP" },
    });
  });
});
