import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { EndpointRequest, EndpointResponse } from "#server/graphql/endpoint.ts";
import type { HeaderReader } from "#server/request-context.ts";
import { isTrustedOrigin } from "./security.ts";

const PATH = "/api/graphql";

/** A POST to the GraphQL endpoint, which this route answers before the Hono app sees it. */
export const isGraphQLPost = (request: IncomingMessage) =>
  request.method === "POST" && (request.url === PATH || request.url?.split("?")[0] === PATH);

/** Node has already parsed the headers: reading them from there builds no second copy. */
export function headersOf(request: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = request.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(name.toLowerCase() === "cookie" ? "; " : ", ") : value;
    },
  };
}

/** The body as text, or null once it passes `limit` (the rest is never read). */
function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers["content-length"] ?? 0) > limit) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off("data", onData);
      request.pause();
      resolve(null);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks, size).toString("utf8")));
    request.once("error", reject);
  });
}

/**
 * POST /api/graphql straight from Node's request to the endpoint and back (decision 011): the
 * same guards the Hono app applies to every /api request (trusted origin, the body limit, the
 * client address, the security headers), without building a web Request and Response around
 * every GraphQL call. Every other request goes to the Hono app.
 */
export function createGraphQLRoute(options: {
  /** A kept answer comes back as it is, without a promise to wait for. */
  endpoint: (request: EndpointRequest) => EndpointResponse | Promise<EndpointResponse>;
  trustedOrigins: string[];
  clientIp: (peer: string, forwardedFor: string | null) => string;
  securityHeaders: Record<string, string>;
  maxBodyBytes: number;
}) {
  // A kept answer goes out many times a second: its headers are put together once per answer.
  const keptHeaders = new WeakMap<EndpointResponse, OutgoingHttpHeaders>();
  const headersFor = (answer: EndpointResponse, extra: Record<string, string>): OutgoingHttpHeaders => ({
    ...options.securityHeaders,
    ...answer.headers,
    ...extra,
    "content-length": Buffer.byteLength(answer.body),
  });
  function send(response: ServerResponse, answer: EndpointResponse, extra?: Record<string, string>) {
    const shared = answer.sharedFor !== undefined && !extra;
    let headers = shared ? keptHeaders.get(answer) : undefined;
    if (!headers) {
      headers = headersFor(answer, extra ?? {});
      if (shared) keptHeaders.set(answer, headers);
    }
    response.writeHead(answer.status, headers);
    response.end(answer.body);
  }
  const json = (status: number, code: string, message: string): EndpointResponse => ({
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, message }),
  });

  return async (request: IncomingMessage, response: ServerResponse) => {
    const headers = headersOf(request);
    if (!isTrustedOrigin(headers.get("origin"), headers.get("sec-fetch-site"), options.trustedOrigins)) {
      return send(response, json(403, "FORBIDDEN_ORIGIN", "Requests must come from this site."));
    }
    if (/%00/i.test(request.url ?? "")) {
      return send(response, json(400, "BAD_USER_INPUT", "The address must not contain NUL characters."));
    }
    const body = await readBody(request, options.maxBodyBytes);
    if (body === null) {
      // The rest of the body is never read, so the connection cannot carry another request.
      const tooLarge = json(413, "PAYLOAD_TOO_LARGE", "The request body is too large.");
      return send(response, tooLarge, { connection: "close" });
    }
    const clientIp = options.clientIp(
      request.socket.remoteAddress ?? "unknown",
      headers.get("x-forwarded-for"),
    );
    const answer = options.endpoint({ headers, body, clientIp });
    send(response, answer instanceof Promise ? await answer : answer);
  };
}
