import { Link } from "@tanstack/react-router";
import { CircleAlertIcon, LockIcon, PencilIcon, TicketIcon, UsersIcon } from "lucide-react";
import { Suspense } from "react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { type Availability, availability, goingText } from "#client/features/event-page/spots.ts";
import { priceSummary } from "#client/features/event-page/ticket-sales.ts";
import { markdownSourceAttribute } from "#client/lib/server-markdown.ts";
import { AddToCalendar } from "./add-to-calendar.tsx";
import { type CheckoutOutcome, CheckoutReturn } from "./checkout-return.tsx";
import { EventCover } from "./event-cover.tsx";
import { EventWhen, EventWhere } from "./event-facts.tsx";
import { EventHosts } from "./event-hosts.tsx";
import { GuestList } from "./guest-list.tsx";
import { RegistrationForm } from "./registration-form.tsx";
import { RegistrationStatusView } from "./registration-status.tsx";
import { ReturnedOrderNote, useReturnedOrder } from "./returned-order.tsx";
import { ShareEvent } from "./share-event.tsx";
import type { EventPageSlots } from "./slots.ts";

const ACTIVE = new Set(["GOING", "WAITLISTED", "PENDING"]);

/** A waitlist is good news (you can still get in), so only a full event reads as a warning. */
const SPOTS_TONE: Record<Availability["kind"], string> = {
  open: "font-medium text-foreground",
  waitlist: "font-medium text-primary",
  full: "font-medium text-destructive",
};

/** What to do before pressing Register; it mentions questions only when there are some. */
function registrationIntro(event: PublicEvent): string {
  if (!event.approvalRequired) return "Welcome! Register below to save your spot.";
  return event.questions.length > 0
    ? "The organizer reviews each request: your answers below help them decide."
    : "The organizer reviews each request and you'll hear back by email.";
}

/** Markdown output from lib/markdown (HTML already escaped there), styled without a typography plugin. */
const descriptionClass =
  "text-[0.975rem] leading-7 wrap-anywhere text-foreground/90 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_a]:text-primary [&_a]:wrap-anywhere [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-2 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-sm [&_h1]:mt-6 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:mb-1 [&_h3]:font-semibold [&_hr]:my-6 [&_img]:my-4 [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0";

function Banner({
  tone,
  title,
  children,
}: {
  tone: "danger" | "info";
  title: string;
  children?: string | null;
}) {
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={
        tone === "danger"
          ? "flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4"
          : "flex gap-3 rounded-xl border bg-muted p-4"
      }
    >
      <CircleAlertIcon
        className={`mt-0.5 size-5 shrink-0 ${tone === "danger" ? "text-destructive" : "text-muted-foreground"}`}
        aria-hidden="true"
      />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children ? <p className="text-sm whitespace-pre-line text-foreground/85">{children}</p> : null}
      </div>
    </div>
  );
}

/** Price, seats and people going, as small labels under the title. */
function Badges({ event, ended }: { event: PublicEvent; ended: boolean }) {
  const spots = availability(event);
  const price = priceSummary(event.ticketTypes);
  const badge = "inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1 text-sm shadow-xs";
  return (
    <ul aria-label="At a glance" className="flex flex-wrap gap-2">
      {price ? (
        <li className={`${badge} font-semibold`}>
          <TicketIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
          {price}
        </li>
      ) : null}
      {spots.text && !ended ? <li className={`${badge} ${SPOTS_TONE[spots.kind]}`}>{spots.text}</li> : null}
      {event.goingCount > 0 ? (
        <li className={`${badge} text-muted-foreground`}>
          <UsersIcon className="size-3.5" aria-hidden="true" />
          {goingText(event.goingCount)}
        </li>
      ) : null}
    </ul>
  );
}

export function EventPage({
  event,
  descriptionHtml,
  slots,
  checkout,
}: {
  event: PublicEvent;
  descriptionHtml: string;
  slots: EventPageSlots;
  /** The order the buyer came back from Stripe's checkout with. */
  checkout?: { orderId: string; outcome: CheckoutOutcome } | null;
}) {
  const canceled = event.status === "CANCELED";
  const draft = event.status === "DRAFT";
  const ended = new Date(event.endsAt).getTime() <= Date.now();
  const registration =
    event.viewerRegistration && ACTIVE.has(event.viewerRegistration.status) ? event.viewerRegistration : null;
  const returned = useReturnedOrder(event.id, checkout ?? null);

  // The parts in their own Suspense boundaries (calendar and share, the description, hosts and
  // guests) hold nothing that suspends: on a page rendered on the server, React hydrates each
  // boundary in a pass and commit of its own after the rest (decision 043), so no single task
  // hydrates the whole page, and a tap inside one hydrates that one first.
  return (
    <article
      className={pageWidth(
        "wide",
        // Phone: cover, title and facts, registration, description, hosts and guests. Desktop: the
        // cover with hosts and guests under it beside the title and facts (the flexible middle row
        // takes what the taller side leaves over), then the description beside the registration
        // card, which stays in view.
        "grid gap-x-12 gap-y-8 pt-4 pb-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-y-12 lg:pt-10 lg:grid-rows-[auto_1fr_auto] lg:[grid-template-areas:'cover_head'_'people_head'_'body_aside']",
      )}
    >
      <div className="lg:[grid-area:cover]">
        <EventCover event={event} />
      </div>

      <div className="grid min-w-0 content-start gap-6 lg:[grid-area:head]">
        {canceled ? (
          <Banner tone="danger" title="This event was canceled">
            {event.cancelMessage}
          </Banner>
        ) : null}
        {draft ? <Banner tone="info" title="Draft — only organizers can see this page" /> : null}
        {checkout ? (
          <CheckoutReturn eventId={event.id} orderId={checkout.orderId} outcome={checkout.outcome} />
        ) : null}

        <header className="grid gap-4">
          <Link
            to="/c/$slug"
            params={{ slug: event.host.slug }}
            className="flex w-fit max-w-full min-w-0 items-center gap-2 rounded-md text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <InitialsAvatar
              name={event.host.name}
              imageUrl={event.host.logoUrl}
              color={event.host.brandColor}
              size="xs"
            />
            <span className="min-w-0 truncate">
              Hosted by{" "}
              <span className="font-medium text-foreground" dir="auto">
                {event.host.name}
              </span>
            </span>
          </Link>
          {event.visibility === "MEMBERS" ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <LockIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 wrap-anywhere">
                Members of <bdi>{event.host.name}</bdi> only
              </span>
            </p>
          ) : null}
          <h1
            dir="auto"
            className={`text-3xl leading-tight font-bold tracking-tight text-balance wrap-anywhere sm:text-4xl ${canceled ? "text-muted-foreground line-through decoration-2" : ""}`}
          >
            {event.title}
          </h1>
          <Badges event={event} ended={ended} />
          {event.viewerCanManage ? (
            <Link
              to="/event/$eventId/edit"
              params={{ eventId: event.id }}
              className={`${buttonVariants({ variant: "outline", size: "sm" })} w-fit`}
            >
              <PencilIcon aria-hidden="true" /> Manage event
            </Link>
          ) : null}
        </header>

        <div className="grid gap-4">
          <EventWhen event={event} />
          <EventWhere event={event} />
        </div>
      </div>

      <aside aria-label="Registration and sharing" className="min-w-0 lg:[grid-area:aside]">
        <div className="grid gap-6 lg:sticky lg:top-20">
          {canceled ? null : (
            <section
              aria-labelledby="registration-title"
              className="overflow-hidden rounded-2xl border bg-card shadow-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/50 px-5 py-3">
                <h2 id="registration-title" className="text-sm font-semibold">
                  {registration || returned?.state === "paid" ? "Your registration" : "Registration"}
                </h2>
              </div>
              <div className="p-5">
                {registration ? (
                  <RegistrationStatusView
                    event={event}
                    registration={registration}
                    slots={slots}
                    ended={ended}
                  />
                ) : returned ? (
                  <ReturnedOrderNote order={returned} signedIn={slots.isSignedIn} />
                ) : event.viewerRegistration?.status === "DECLINED" ? (
                  <p className="text-sm">The organizer couldn&apos;t confirm your spot at this event.</p>
                ) : ended ? (
                  <p className="text-sm text-muted-foreground">This event has ended.</p>
                ) : draft ? (
                  <p className="text-sm text-muted-foreground">
                    Registration opens once the event is published.
                  </p>
                ) : (
                  <>
                    {event.viewerRegistration?.status === "CANCELED" ? (
                      <p role="status" className="mb-4 rounded-lg bg-muted px-3.5 py-3 text-sm">
                        Your registration is canceled, and we emailed you a confirmation. Changed your mind?
                        Register again below.
                      </p>
                    ) : null}
                    <RegistrationForm
                      event={event}
                      slots={slots}
                      intro={<p className="mb-5 text-sm text-muted-foreground">{registrationIntro(event)}</p>}
                    />
                  </>
                )}
              </div>
            </section>
          )}
          <Suspense fallback={null}>
            <div className="grid gap-5 rounded-2xl border bg-card p-5 shadow-xs">
              {canceled ? null : <AddToCalendar event={event} />}
              <ShareEvent title={event.title} eventId={event.id} />
            </div>
          </Suspense>
        </div>
      </aside>

      <div className="grid min-w-0 content-start gap-10 lg:[grid-area:body]">
        {event.description.trim() ? (
          <Suspense fallback={null}>
            <section aria-labelledby="about-title" className="grid gap-3">
              <h2 id="about-title" className="border-b pb-2 text-sm font-medium text-muted-foreground">
                About this event
              </h2>
              <div
                className={descriptionClass}
                {...markdownSourceAttribute(event.description)}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: lib/markdown escapes raw HTML and unsafe links; while hydrating, this is the server's copy of that output.
                dangerouslySetInnerHTML={{ __html: descriptionHtml }}
              />
            </section>
          </Suspense>
        ) : null}
      </div>

      {/* Under the cover on a desktop (Luma's place for them), at the end of the page on a phone. */}
      <Suspense fallback={null}>
        <div className="grid content-start gap-10 sm:grid-cols-2 lg:[grid-area:people]">
          <EventHosts event={event} />
          <GuestList event={event} />
        </div>
      </Suspense>
    </article>
  );
}
