import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { markRoute, requestIdOfRequest } from "#server/observability/request-log.ts";
import { type CommunityPage, communityPageFromMemory } from "./community-routes.ts";
import { EVENT_PAGE_HEADERS, eventIdOfPageUrl, eventPageFromMemory } from "./events-routes.ts";
import { headersOf, isGraphQLPost } from "./graphql-route.ts";
import { type EncodedPage, encodingFor, encodingHeaders } from "./page-bodies.ts";
import type { PageViews } from "./page-views.ts";
import type { PublicReadCache } from "./public-read-cache.ts";

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The server's Node listener (decisions 011 and 014): a signed-out visitor's /e/{id} page that
 * this process holds is written straight back (and made again in the background near its end),
 * and so is a /c/{slug} page it holds, for anyone (decision 034); GraphQL POSTs go to their
 * route, and everything else to the Hono app.
 */
export function createListener(options: {
  pages: PublicReadCache["pages"];
  communityPages: PublicReadCache["communityPages"];
  signedOutPage: (eventId: string, clientIp: string) => Promise<EncodedPage | null>;
  signedOutCommunityPage: (slug: string, clientIp: string) => Promise<CommunityPage | null>;
  clientIp: (peer: string, forwardedFor: string | null) => string;
  securityHeaders: Record<string, string>;
  /** A page answered from memory is a view like one the route makes. */
  views: PageViews;
  graphqlRoute: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  hono: Listener;
  log: Logger;
}): Listener {
  // A kept page goes out many times a second: its headers are put together once per page and
  // encoding, and its bytes were made when it was kept.
  const pageHeaders = new WeakMap<Buffer, OutgoingHttpHeaders>();
  const send = (request: IncomingMessage, response: ServerResponse, page: EncodedPage) => {
    const encoding = encodingFor(request.headers["accept-encoding"]);
    const body = page.bodies[encoding];
    let headers = pageHeaders.get(body);
    if (!headers) {
      headers = { ...options.securityHeaders, ...EVENT_PAGE_HEADERS, ...encodingHeaders(encoding, body) };
      pageHeaders.set(body, headers);
    }
    response.writeHead(page.status, headers);
    response.end(body);
  };

  return (request, response) => {
    if (request.method === "GET") {
      const headers = headersOf(request);
      const page = eventPageFromMemory(
        options.pages,
        { method: "GET", url: request.url, headers },
        (eventId) =>
          options.signedOutPage(
            eventId,
            options.clientIp(request.socket.remoteAddress ?? "unknown", headers.get("x-forwarded-for")),
          ),
      );
      if (page) {
        const eventId = page.status === 200 ? eventIdOfPageUrl(request.url) : null;
        if (eventId) options.views.page(eventId, headers);
        markRoute(request, "/e/:id");
        return send(request, response, page);
      }
      const communityPage = communityPageFromMemory(options.communityPages, request, (slug) =>
        options.signedOutCommunityPage(
          slug,
          options.clientIp(request.socket.remoteAddress ?? "unknown", headers.get("x-forwarded-for")),
        ),
      );
      if (communityPage) {
        markRoute(request, "/c/:slug");
        return send(request, response, communityPage);
      }
    }
    if (!isGraphQLPost(request)) return void options.hono(request, response);
    markRoute(request, "/api/graphql");
    options.graphqlRoute(request, response).catch((error: unknown) => {
      options.log.error({ err: error, reqId: requestIdOfRequest(request) }, "graphql: unexpected error");
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "INTERNAL_SERVER_ERROR", message: "Unexpected error." }));
    });
  };
}
