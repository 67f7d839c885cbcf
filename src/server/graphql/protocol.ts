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
