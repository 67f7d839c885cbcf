import { Link } from "@tanstack/react-router";
import { CalendarDaysIcon, CircleAlertIcon, LockIcon, PencilIcon, UsersIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { type Availability, availability, goingText } from "#client/features/event-page/spots.ts";
import { brandButtonStyle } from "#client/lib/brand.ts";
import { type CheckoutOutcome, CheckoutReturn } from "./checkout-return.tsx";
import { EventWhen, EventWhere } from "./event-facts.tsx";
import { RegistrationForm } from "./registration-form.tsx";
import { RegistrationStatusView } from "./registration-status.tsx";
import { ReturnedOrderNote, useReturnedOrder } from "./returned-order.tsx";
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
  "text-[0.975rem] leading-7 text-foreground/90 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-2 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-sm [&_h1]:mt-6 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:mb-1 [&_h3]:font-semibold [&_hr]:my-6 [&_img]:my-4 [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0";

/** The cover as it was cropped in the form (2:1), across the top of the page. */
function Cover({ url }: { url: string }) {
  return (
    <img
      src={url}
      alt=""
      style={{ aspectRatio: String(IMAGE_ASPECT.eventCover) }}
      className="w-full rounded-2xl border object-cover shadow-sm lg:col-span-2"
    />
  );
}

function CoverPlaceholder({ event }: { event: PublicEvent }) {
  return (
    <div
      aria-hidden="true"
      className="hidden w-full place-items-center rounded-2xl border bg-linear-to-br from-primary/25 via-primary/10 to-transparent lg:grid"
      style={{
        aspectRatio: String(IMAGE_ASPECT.eventCover),
        ...(event.host.brandColor
          ? { backgroundImage: `linear-gradient(135deg, ${event.host.brandColor}55, transparent)` }
          : {}),
      }}
    >
      <CalendarDaysIcon className="size-14 text-foreground/30" />
    </div>
  );
}

function Host({ event, className }: { event: PublicEvent; className: string }) {
  return (
    <div className={`${className} grid gap-3`}>
      <p className="border-b pb-2 text-sm font-medium text-muted-foreground">Hosted by</p>
      <div className="flex items-center gap-3">
        <InitialsAvatar name={event.host.name} imageUrl={event.host.logoUrl ?? undefined} size="sm" />
        <span className="font-medium">{event.host.name}</span>
      </div>
    </div>
  );
}

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
  const spots = availability(event);
  const registration =
    event.viewerRegistration && ACTIVE.has(event.viewerRegistration.status) ? event.viewerRegistration : null;
  const brandStyle = brandButtonStyle(event.host.brandColor);
  const returned = useReturnedOrder(event.id, checkout ?? null);

  return (
    <article
      className={pageWidth(
        "wide",
        "grid gap-8 pt-4 pb-16 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-x-12 lg:pt-8",
      )}
    >
      {event.coverUrl ? <Cover url={event.coverUrl} /> : null}
      <div className="grid content-start gap-6">
        {event.coverUrl ? null : <CoverPlaceholder event={event} />}
        <Host event={event} className="hidden lg:grid" />
        {event.goingCount > 0 ? (
          <p className="hidden items-center gap-2 text-sm text-muted-foreground lg:flex">
            <UsersIcon className="size-4" aria-hidden="true" />
            {goingText(event.goingCount)}
          </p>
        ) : null}
      </div>

      <div className="grid min-w-0 content-start gap-7">
        {canceled ? (
          <Banner tone="danger" title="This event was canceled">
            {event.cancelMessage}
          </Banner>
        ) : null}
        {draft ? <Banner tone="info" title="Draft — only organizers can see this page" /> : null}
        {checkout ? (
          <CheckoutReturn eventId={event.id} orderId={checkout.orderId} outcome={checkout.outcome} />
        ) : null}

        <header className="grid gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground lg:hidden">
            <InitialsAvatar name={event.host.name} imageUrl={event.host.logoUrl ?? undefined} size="xs" />
            <span>
              Hosted by <span className="font-medium text-foreground">{event.host.name}</span>
            </span>
          </div>
          {event.visibility === "MEMBERS" ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <LockIcon className="size-3.5" aria-hidden="true" /> Members of {event.host.name} only
            </p>
          ) : null}
          <h1
            className={`text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl ${canceled ? "text-muted-foreground line-through decoration-2" : ""}`}
          >
            {event.title}
          </h1>
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

        {canceled ? null : (
          <section
            aria-labelledby="registration-title"
            className="overflow-hidden rounded-2xl border bg-card shadow-xs"
          >
            <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/50 px-5 py-3">
              <h2 id="registration-title" className="text-sm font-semibold">
                {registration || returned?.state === "paid" ? "Your registration" : "Registration"}
              </h2>
              <p className="flex items-center gap-3 text-sm text-muted-foreground">
                {spots.text && !ended ? <span className={SPOTS_TONE[spots.kind]}>{spots.text}</span> : null}
                {event.goingCount > 0 ? <span>{goingText(event.goingCount)}</span> : null}
              </p>
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
                <ReturnedOrderNote order={returned} event={event} signedIn={slots.isSignedIn} ended={ended} />
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
                    brandStyle={brandStyle}
                    intro={<p className="mb-5 text-sm text-muted-foreground">{registrationIntro(event)}</p>}
                  />
                </>
              )}
            </div>
          </section>
        )}

        {event.description.trim() ? (
          <section aria-labelledby="about-title" className="grid gap-3">
            <h2 id="about-title" className="border-b pb-2 text-sm font-medium text-muted-foreground">
              About this event
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: lib/markdown escapes raw HTML and unsafe links. */}
            <div className={descriptionClass} dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
          </section>
        ) : null}

        <Host event={event} className="lg:hidden" />
      </div>
    </article>
  );
}
