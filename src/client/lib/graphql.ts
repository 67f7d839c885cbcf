import type { TypedDocumentString } from "#client/gql/graphql.ts";

export type GraphQLFieldError = { field: string; code: string; message: string };

export class GraphQLRequestError extends Error {
  readonly code: string;
  readonly fields: GraphQLFieldError[];
  readonly status: number;

  constructor(message: string, code: string, fields: GraphQLFieldError[], status: number) {
    super(message);
    this.name = "GraphQLRequestError";
    this.code = code;
    this.fields = fields;
    this.status = status;
  }
}

type RawError = { message?: unknown; extensions?: { code?: unknown; fields?: unknown } };

function isFieldError(value: unknown): value is GraphQLFieldError {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.field === "string" && typeof record.code === "string" && typeof record.message === "string"
  );
}

export function toRequestError(raw: RawError | undefined, status: number): GraphQLRequestError {
  const message = typeof raw?.message === "string" ? raw.message : "Something went wrong";
  const code = typeof raw?.extensions?.code === "string" ? raw.extensions.code : "INTERNAL_SERVER_ERROR";
  const fields = Array.isArray(raw?.extensions?.fields) ? raw.extensions.fields.filter(isFieldError) : [];
  return new GraphQLRequestError(message, code, fields, status);
}

let post = (body: string): Promise<Response> =>
  fetch("/api/graphql", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body,
  });

/**
 * The server's renderer of the public pages answers their queries in its own process, as a
 * signed-out visitor, instead of over the network.
 */
export function setGraphQLTransport(transport: (body: string) => Promise<Response>): void {
  post = transport;
}

export async function request<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  let response: Response;
  try {
    response = await post(JSON.stringify({ query: document.toString(), variables }));
  } catch {
    throw new GraphQLRequestError(
      "Could not reach the server. Check your connection.",
      "NETWORK_ERROR",
      [],
      0,
    );
  }
  let body: { data?: TResult | null; errors?: RawError[] } | undefined;
  try {
    body = await response.json();
  } catch {
    throw new GraphQLRequestError(
      `The server answered ${response.status}`,
      "BAD_RESPONSE",
      [],
      response.status,
    );
  }
  if (body?.errors && body.errors.length > 0) throw toRequestError(body.errors[0], response.status);
  if (!response.ok || body?.data == null) {
    throw new GraphQLRequestError(
      `The server answered ${response.status}`,
      "BAD_RESPONSE",
      [],
      response.status,
    );
  }
  return body.data;
}
