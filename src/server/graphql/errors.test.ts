import { DrizzleQueryError } from "drizzle-orm/errors";
import { GraphQLError, GraphQLInt, GraphQLObjectType, GraphQLSchema } from "graphql";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { conflict, DomainError, invalidInput } from "#server/errors.ts";
import type { GraphQLContext } from "./context.ts";
import { createGraphQLEndpoint } from "./endpoint.ts";

const throwing = (error: () => never) => ({ type: GraphQLInt, resolve: error });

// The mapping as the endpoint runs it, on a schema whose resolvers throw what services and bugs throw.
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      input: throwing(() => {
        throw invalidInput([{ field: "title", code: "REQUIRED", message: "Give it a title." }]);
      }),
      conflict: throwing(() => {
        throw conflict("Only pending registrations can be approved.");
      }),
      notFound: throwing(() => {
        throw new DomainError("NOT_FOUND", "Not found.");
      }),
      bug: throwing(() => {
        throw new Error('relation "secret_table" does not exist');
      }),
      outage: throwing(() => {
        // What Drizzle throws when node-postgres finds the server gone.
        throw new DrizzleQueryError(
          "select 1",
          [],
          Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
        );
      }),
      refused: throwing(() => {
        throw new GraphQLError("Too deep.", { extensions: { code: "QUERY_TOO_DEEP" } });
      }),
    },
  }),
});

const logged: unknown[] = [];
const endpoint = createGraphQLEndpoint({
  schema,
  production: true,
  appOrigin: "http://localhost",
  context: async () => ({ loaders: null }) as unknown as GraphQLContext,
  logUnexpected: (error) => logged.push(error),
});

async function errorOf(field: string) {
  const response = await endpoint({
    headers: new Headers({ "content-type": "application/json" }),
    body: JSON.stringify({ query: `{ ${field} }` }),
    clientIp: "127.0.0.1",
  });
  const body = JSON.parse(response.body) as {
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
    // The operator still learns what happened.
    expect(String(logged.at(-1))).toContain("secret_table");
  });

  it("answers 503 UNAVAILABLE, not an unexpected error, while the database cannot be reached", async () => {
    const response = await endpoint({
      headers: new Headers({ "content-type": "application/json" }),
      body: JSON.stringify({ query: "{ outage }" }),
      clientIp: "127.0.0.1",
    });
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body).errors[0]).toMatchObject({
      message: "The service is briefly unavailable. Please try again in a moment.",
      extensions: { code: "UNAVAILABLE" },
    });
  });

  it("answers 503 UNAVAILABLE when the database fails before any resolver, reading the viewer", async () => {
    const reading = createGraphQLEndpoint({
      schema,
      production: true,
      appOrigin: "http://localhost",
      context: async () => {
        // PostgreSQL's own answer as node-postgres gives it.
        const message = "terminating connection due to administrator command";
        throw Object.assign(new pg.DatabaseError(message, message.length, "error"), { code: "57P01" });
      },
    });
    const response = await reading({
      headers: new Headers({ "content-type": "application/json" }),
      body: JSON.stringify({ query: "{ notFound }" }),
      clientIp: "127.0.0.1",
    });
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body).errors[0].extensions).toEqual({ code: "UNAVAILABLE" });
  });

  it("lets a GraphQLError made on purpose keep its own code", async () => {
    expect(await errorOf("refused")).toMatchObject({
      message: "Too deep.",
      extensions: { code: "QUERY_TOO_DEEP" },
    });
  });
});
