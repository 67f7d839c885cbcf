import type { Env, Hono } from "hono";
import { DomainError } from "#server/errors.ts";
import { sharingOf } from "#server/modules/events/event-sharing.service.ts";
import { getEvent } from "#server/modules/events/events.service.ts";
import { type EventView, publicPath } from "#server/modules/events/events.views.ts";
import { exportRegistrations } from "#server/modules/registrations/registration-lists.service.ts";
import {
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from "#server/modules/registrations/registration-transitions.ts";
import type { HeaderReader, RequestContextFactory } from "#server/request-context.ts";
import { buildIcs } from "#shared/ics.ts";
import { shownEmail } from "#shared/phone.ts";
import { csvResponse, fileName } from "./csv.ts";
import { domainErrorResponse } from "./domain-errors.ts";
import { type PageRenderer, readIndexHtml } from "./index-html.ts";
import { answerPage, type EncodedPage, encodePage } from "./page-bodies.ts";
import { injectMeta } from "./page-meta.ts";
import type { PageViews } from "./page-views.ts";
import { eventPageHead } from "./public-page-heads.ts";
import type { PublicReadCache } from "./public-read-cache.ts";
import { isSignedOut } from "./session-cookies.ts";

type Options = {
  appUrl: string;
  distDir: string;
  contextFor: RequestContextFactory;
  /** The /e/{id} HTML of signed-out visitors (decision 010). */
  pages: PublicReadCache["pages"];
  /** Counts the page's views, for the event's insights. */
  views: PageViews;
  /** Renders the page as a signed-out visitor sees it (decision 034). */
  renderer: PageRenderer;
  /** The server's clock: which tickets are on sale, in the page's structured data. */
  clock: () => Date;
};

type RoutesEnv = Env & { Variables: { clientIp: string } };

/** `/api/events/:id/calendar.ics`, `/api/events/:id/registrations.csv` and `/e/:id` with link previews. */
export function mountEventRoutes<E extends RoutesEnv>(app: Hono<E>, options: Options) {
  const { appUrl, contextFor } = options;
  const absolute = (pathname: string) => new URL(pathname, appUrl).toString();

  app.get("/api/events/:id/calendar.ics", async (c) => {
    try {
      const event = await getEvent(await contextFor(c.req.raw.headers, c.get("clientIp")), c.req.param("id"));
      const ics = buildIcs({
        uid: `${event.id}@${new URL(appUrl).host}`,
        title: event.title,
        description: `${event.description}\n\n${absolute(publicPath(event.id))}`.trim(),
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        location: eventLocation(event),
        url: absolute(publicPath(event.id)),
        status: event.status === "canceled" ? "CANCELLED" : "CONFIRMED",
        sequence: Math.floor(event.updatedAt.getTime() / 1000) - 1_700_000_000,
        organizerName: event.host.name,
      });
      c.header("Cache-Control", "private, no-cache");
      return c.body(ics, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName(event.title, "event")}.ics"`,
      });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });

  app.get("/api/events/:id/registrations.csv", async (c) => {
    const statusParam = c.req.query("status")?.toLowerCase() || null;
    if (statusParam && !REGISTRATION_STATUSES.includes(statusParam as RegistrationStatus)) {
      return c.json({ code: "BAD_USER_INPUT", message: "Unknown status." }, 400);
    }
    try {
      const exported = await exportRegistrations(
        await contextFor(c.req.raw.headers, c.get("clientIp")),
        c.req.param("id"),
        {
          status: statusParam as RegistrationStatus | null,
          ticketTypeId: c.req.query("ticketTypeId") || null,
          search: c.req.query("search") || null,
        },
      );
      const header = [
        "Name",
        "Email",
        "Status",
        "Ticket type",
        "Registered at",
        "Checked in at",
        ...exported.questions.map((q) => q.label),
      ];
      const pages = exported.pages();
      async function* records() {
        for await (const page of pages)
          yield page.map(({ registration: r, person }) => [
            person.name,
            shownEmail(person.email),
            r.status,
            (r.ticketTypeId && exported.ticketTypes.get(r.ticketTypeId)) || "",
            r.createdAt.toISOString(),
            r.checkedInAt?.toISOString() ?? "",
            ...exported.questions.map((q) => (r.answers[q.id] ?? []).join("; ")),
          ]);
      }
      return csvResponse(`${fileName(exported.event.title, "event")}-registrations`, header, records());
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });

  // The page comes rendered on the server as a signed-out visitor sees it, with the tags link
  // previews (chat apps, social sites) read without running the app (decision 034). An event this
  // viewer cannot see at all answers 404 (the app then shows Not Found); a members-only one
  // answers 200, since the page offers to sign in. Everyone gets the signed-out page, kept in
  // memory (decision 010): a signed-in viewer's own state comes after hydration. Only a page a
  // signed-out visitor may not see but this viewer may (a host's draft) is left to the browser.
  app.get("/e/:id", async (c, next) => {
    const html = await readIndexHtml(options.distDir);
    if (html === null) return next();
    c.header("Cache-Control", EVENT_PAGE_HEADERS["cache-control"]);
    const id = c.req.param("id");
    if (!UUID.test(id)) return c.html(html, 404);
    const clientIp = c.get("clientIp");
    let page = options.pages.get(id);
    if (!page) {
      const startedAt = options.pages.now();
      page = await encodePage(await eventPage(SIGNED_OUT, clientIp, id, html));
      options.pages.set(id, page, startedAt);
    }
    // Hono answers HEAD with this route too: only a GET brings someone to the page.
    const viewed = (status: number) => {
      if (status === 200 && c.req.method === "GET") options.views.page(id, c.req.raw.headers);
    };
    // A host's draft (404 to strangers) and a members-only event (a sign-in gate to strangers) are
    // the browser's to render for a signed-in viewer: what they may see differs from the kept page,
    // and hydrating that page would not match. So is a buyer's return from checkout, which the
    // page shows from its address.
    if (
      ((page.status === 404 || page.gated) && !isSignedOut(c.req.raw.headers)) ||
      (page.status === 200 && readsItsAddress(c.req.url))
    ) {
      const own = await viewerPage(c.req.raw.headers, clientIp, id, html);
      viewed(own.status);
      return c.html(own.html, own.status);
    }
    viewed(page.status);
    return answerPage(c, page);
  });

  // The app moved to an event's page without loading /e/{id} (from the community page, say): it
  // says so with `navigator.sendBeacon`, which needs no cookie. Unknown ids are dropped when the
  // views are written; each client address has a few per window.
  app.post("/api/events/:id/view", (c) => {
    const id = c.req.param("id");
    if (!UUID.test(id)) return c.json({ code: "NOT_FOUND", message: "No such event." }, 404);
    if (!options.views.beacon(id, c.req.raw.headers, c.get("clientIp")))
      return c.json({ code: "RATE_LIMITED", message: "Too many views from this address." }, 429);
    return c.body(null, 204);
  });

  /** The page of a signed-out visitor: rendered on the server, with its link-preview tags. */
  async function eventPage(
    headers: HeaderReader,
    clientIp: string,
    id: string,
    html: string,
  ): Promise<EventPage> {
    const found = await withMeta(headers, clientIp, id, html);
    if (found.status === 404) return found;
    const rendered = await options.renderer.render(found.html, publicPath(id));
    return rendered.status === 404
      ? { html: rendered.html, status: 404 }
      : { html: rendered.html, status: 200, ...(found.gated ? { gated: true } : {}) };
  }

  /** The page of a viewer who may see more than a signed-out visitor: the app renders it in the browser. */
  const viewerPage = withMeta;

  async function withMeta(
    headers: HeaderReader,
    clientIp: string,
    id: string,
    html: string,
  ): Promise<EventPage> {
    let event: EventView;
    try {
      event = await getEvent(await contextFor(headers, clientIp), id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.code === "NOT_FOUND" ? { html, status: 404 } : { html, status: 200, gated: true };
    }
    const head = eventPageHead(await sharingOf(event), { appUrl, now: options.clock() });
    return { html: head ? injectMeta(html, head) : html, status: 200 };
  }

  return {
    /** The page of event `id` for a signed-out visitor, made now; null while the client is not built. */
    async signedOutPage(id: string, clientIp: string): Promise<EncodedPage | null> {
      const html = await readIndexHtml(options.distDir);
      if (html === null || !UUID.test(id)) return null;
      return encodePage(await eventPage(SIGNED_OUT, clientIp, id, html));
    },
  };
}

/** `gated`: the page a stranger gets of a members-only event, a sign-in gate instead of the event. */
export type EventPage = { html: string; status: 200 | 404; gated?: boolean };

/** The page shows a buyer's return from Stripe's checkout from these, which no kept page has. */
const readsItsAddress = (url: string) => /[?&]checkout=/.test(url);

/** No cookie, no session: what anyone may see. */
const SIGNED_OUT: HeaderReader = { get: () => null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The event of an /e/{id} address, or null for any other. */
export function eventIdOfPageUrl(url: string | undefined): string | null {
  return EVENT_PAGE_URL.exec(url ?? "")?.[1] ?? null;
}

const EVENT_PAGE_URL = /^\/e\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?.*)?$/i;

/** The headers of an event's HTML page, whether made now or answered from memory. */
export const EVENT_PAGE_HEADERS = {
  "content-type": "text/html; charset=UTF-8",
  "cache-control": "no-cache, no-store, must-revalidate",
};

/**
 * The /e/{id} page a signed-out visitor gets, when this process has it in memory: answered from
 * Node's request before the Hono app sees it (decision 011), as a popular event's link brings
 * thousands at once. Anything else (a miss, a signed-in viewer) goes the route's way above. A page
 * near the end of its second is made again by `reload` in the background (`signedOutPage`), so a
 * popular page never ends and its visitors never all make it at once.
 */
export function eventPageFromMemory(
  pages: PublicReadCache["pages"],
  request: { method?: string; url?: string; headers: HeaderReader },
  reload?: (eventId: string) => Promise<EncodedPage | null>,
): EncodedPage | null {
  if (request.method !== "GET") return null;
  const match = EVENT_PAGE_URL.exec(request.url ?? "");
  const eventId = match?.[1];
  if (!eventId || !isSignedOut(request.headers) || readsItsAddress(request.url ?? "")) return null;
  return pages.get(eventId, reload && (() => reload(eventId))) ?? null;
}

function eventLocation(event: EventView): string | null {
  const place = [event.venueName, event.venueAddress].filter(Boolean).join(", ");
  if (place) return place;
  return event.onlineUrl ? "Online" : null;
}
