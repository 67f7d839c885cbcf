import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { communityPageFromMemory } from "./community-routes.ts";
import {
  EVENT_PAGE_HEADERS,
  type EventPage,
  eventIdOfPageUrl,
  eventPageFromMemory,
} from "./events-routes.ts";
import { headersOf, isGraphQLPost } from "./graphql-route.ts";
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
  signedOutPage: (eventId: string, clientIp: string) => Promise<EventPage | null>;
  clientIp: (peer: string, forwardedFor: string | null) => string;
  securityHeaders: Record<string, string>;
  /** A page answered from memory is a view like one the route makes. */
  views: PageViews;
  graphqlRoute: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  hono: Listener;
}): Listener {
  // A kept page goes out many times a second: its headers are put together once per page.
  const pageHeaders = new WeakMap<{ html: string }, OutgoingHttpHeaders>();
  const headersFor = (page: { html: string }) => {
    let headers = pageHeaders.get(page);
    if (!headers) {
      headers = {
        ...options.securityHeaders,
        ...EVENT_PAGE_HEADERS,
        "content-length": Buffer.byteLength(page.html),
      };
      pageHeaders.set(page, headers);
    }
    return headers;
  };

  return (request, response) => {
    const headers = headersOf(request);
    const page =
      request.method === "GET"
        ? eventPageFromMemory(options.pages, { method: "GET", url: request.url, headers }, (eventId) =>
            options.signedOutPage(
              eventId,
              options.clientIp(request.socket.remoteAddress ?? "unknown", headers.get("x-forwarded-for")),
            ),
          )
        : null;
    if (page) {
      const eventId = page.status === 200 ? eventIdOfPageUrl(request.url) : null;
      if (eventId) options.views.page(eventId, headers);
      response.writeHead(page.status, headersFor(page));
      return void response.end(page.html);
    }
    const communityPage =
      request.method === "GET" ? communityPageFromMemory(options.communityPages, request) : null;
    if (communityPage) {
      response.writeHead(communityPage.status, headersFor(communityPage));
      return void response.end(communityPage.html);
    }
    if (!isGraphQLPost(request)) return void options.hono(request, response);
    options.graphqlRoute(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "INTERNAL_SERVER_ERROR", message: "Unexpected error." }));
    });
  };
}
