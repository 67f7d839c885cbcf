import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * PostgreSQL text cannot hold NUL, so a NUL in any argument would fail deep in SQL as an
 * internal error. In JSON variables it is the escape `\u0000`; in a query's string literal too.
 */
function carriesNul(params: { query?: string; variables?: unknown }): boolean {
  if (params.query && (params.query.includes("\u0000") || /\\u0000/i.test(params.query))) return true;
  return params.variables !== undefined && JSON.stringify(params.variables).includes("\\u0000");
}

export function refuseNulCharacters(): Plugin {
  return {
    onParams({ params, setResult }) {
      if (!carriesNul(params)) return;
      setResult({
        errors: [
          new GraphQLError("Text must not contain NUL characters.", {
            extensions: { code: "BAD_USER_INPUT" },
          }),
        ],
      });
    },
  };
}

/** graphql-armor's refusals carry no code; give each a stable one the client can tell apart. */
export function armorCode(code: string): { onReject: ((context: unknown, error: GraphQLError) => void)[] } {
  return {
    onReject: [
      (_context, error) => {
        (error.extensions as Record<string, unknown>).code = code;
      },
    ],
  };
}
