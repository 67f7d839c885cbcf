import {
  type Response as HandlerResponse,
  parseRequestParams,
  type Request,
  type RequestParams,
} from "graphql-http";
import type { HeaderReader } from "#server/request-context.ts";

// What graphql-http decides from a request's headers, worked out once per header value: a client
// sends the same Accept and Content-Type with every request. The endpoint answers a request it has
// seen before without graphql-http only when graphql-http would accept these headers as they are
// (decision 010, third pass); anything else goes through graphql-http and gets its answer.

/** At most this many distinct values of a header are remembered; then the memory starts over. */
const MAX_VALUES = 100;

function memo<T>(decide: (value: string | null) => T) {
  const decided = new Map<string | null, T>();
  return (value: string | null): T => {
    let found = decided.get(value);
    if (found === undefined && !decided.has(value)) {
      found = decide(value);
      if (decided.size >= MAX_VALUES) decided.clear();
      decided.set(value, found);
    }
    return found as T;
  };
}

/** The media type of the answer, chosen from Accept as graphql-http chooses it. */
function chooseType(accept: string | null) {
  for (const entry of (accept || "*/*").replace(/\s/g, "").toLowerCase().split(",")) {
    const mediaType = entry.split(";")[0];
    if (mediaType === "application/graphql-response+json")
      return "application/graphql-response+json; charset=utf-8";
    if (mediaType === "application/json" || mediaType === "application/*" || mediaType === "*/*")
      return "application/json; charset=utf-8";
  }
  return "application/json; charset=utf-8";
}

/** The Content-Type of an answer to a request with this Accept. */
export const answerType = memo(chooseType);

/**
 * Whether graphql-http's handler accepts a request with this Accept (otherwise it answers 406):
 * its own loop, charset parameters included.
 */
export const acceptable = memo((accept: string | null) => {
  for (const entry of (accept || "*/*").replace(/\s/g, "").toLowerCase().split(",")) {
    const [mediaType, ...params] = entry.split(";");
    const charset = params.find((param) => param.includes("charset=")) || "charset=utf-8";
    if (mediaType === "application/graphql-response+json" && charset === "charset=utf-8") return true;
    if (
      (mediaType === "application/json" || mediaType === "application/*" || mediaType === "*/*") &&
      (charset === "charset=utf-8" || charset === "charset=utf8")
    )
      return true;
  }
  return false;
});

/** Whether graphql-http reads a POST with this Content-Type as a JSON body (otherwise 415). */
export const isJsonBody = memo((contentType: string | null) => {
  const [mediaType, charset = "charset=utf-8"] = (contentType || "")
    .replace(/\s/g, "")
    .toLowerCase()
    .split(";");
  return mediaType === "application/json" && charset === "charset=utf-8";
});

/**
 * Freezes what JSON.parse made, all the way down: parameters kept for a body are handed to every
 * request that sends the same body, so none of them may change what the next one reads.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** graphql-http's refusals of a request's body, said as what to send instead. */
const BODY_REFUSALS: Record<string, string> = {
  "Missing body": 'The request has no body: send a JSON object with the GraphQL document as "query".',
  "Unparsable JSON body": "The body is not valid JSON.",
  "JSON body must be an object": 'The body must be a JSON object with the GraphQL document as "query".',
  "Missing query": 'The body has no "query": send the GraphQL document as "query".',
  "Invalid query": '"query" must be a string holding a GraphQL document.',
  "Invalid variables": '"variables" must be a JSON object.',
  "Invalid operationName": '"operationName" must be a string.',
  "Invalid extensions": '"extensions" must be a JSON object.',
};

/**
 * A request's parameters as graphql-http reads them, or its refusal as a 400 with BAD_USER_INPUT
 * and a sentence saying what to send: graphql-http refuses a malformed body with a plain Error,
 * which would otherwise be masked (and logged) as an internal error.
 */
const BATCH_REFUSAL =
  'The body must be one JSON object with the GraphQL document as "query": lists of requests are not answered.';

export async function requestParams<Raw extends { headers: HeaderReader; body: string }>(
  request: Request<Raw, undefined>,
): Promise<RequestParams | HandlerResponse> {
  try {
    return await parseRequestParams(request);
  } catch (error) {
    const list = /^\s*\[/.test(request.raw.body);
    const message = list ? BATCH_REFUSAL : error instanceof Error ? BODY_REFUSALS[error.message] : undefined;
    if (!message) throw error;
    return [
      JSON.stringify({ errors: [{ message, extensions: { code: "BAD_USER_INPUT" } }] }),
      {
        status: 400,
        statusText: "Bad Request",
        headers: { "content-type": answerType(request.raw.headers.get("accept")) },
      },
    ];
  }
}
