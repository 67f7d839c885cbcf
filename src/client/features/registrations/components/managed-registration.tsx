import { Link } from "@tanstack/react-router";
import {
  CalendarDaysIcon,
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  HourglassIcon,
  MapPinIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { JoinOnlineLink } from "#client/components/ui/join-online-link.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  type ManagedRegistration,
  useCancelManagedRegistration,
  usePayForOffer,
} from "#client/features/registrations/api/managed-registration.ts";
import { leaveFor } from "#client/lib/leave-for.ts";
import { plural } from "#client/lib/plural.ts";
import { formatDateTime, formatEventRange } from "#shared/event-time-format.ts";
import { CancelRegistrationButton } from "./cancel-registration-button.tsx";
import { CheckInQr } from "./check-in-qr.tsx";

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** "in 6 hours", "in 25 minutes": how long is left of a hold. */
function fromNow(at: string): string {
  const minutes = Math.max(0, Math.round((new Date(at).getTime() - Date.now()) / 60_000));
  return minutes < 90
    ? relative.format(minutes, "minute")
    : relative.format(Math.round(minutes / 60), "hour");
}

type Heading = { icon: ReactNode; title: string; detail: string; tone: "good" | "wait" | "off" };

function heading(registration: ManagedRegistration): Heading {
  switch (registration.status) {
    case "GOING":
      return {
        icon: <CircleCheckIcon aria-hidden="true" />,
        title: registration.checkedInAt ? "You're checked in" : "You're going",
        detail: registration.checkedInAt
          ? "Enjoy the event!"
          : `${registration.ticketTypeName ? `${registration.ticketTypeName} · ` : ""}Show this code at the door.`,
        tone: "good",
      };
    case "WAITLISTED":
      return {
        icon: <HourglassIcon aria-hidden="true" />,
        title: registration.waitlistPosition
          ? `You're on the waitlist, #${registration.waitlistPosition}`
          : "You're on the waitlist",
        detail: "We'll email you your ticket as soon as a spot opens up.",
        tone: "wait",
      };
    case "PENDING":
      return {
        icon: <ClockIcon aria-hidden="true" />,
        title: "Waiting for the organizer",
        detail: "You'll get an email when they decide.",
        tone: "wait",
      };
    case "HELD": {
      const seats = plural(registration.quantity, {
        one: "A seat is",
        other: `${registration.quantity} seats are`,
      });
      const until = registration.holdExpiresAt;
      return {
        icon: <HourglassIcon aria-hidden="true" />,
        title: `${seats} held for you`,
        // In the event's time zone, as the offer mail says it, and how long that is from now.
        detail: until
          ? `Pay by ${formatDateTime(until, registration.event.timeZone)} (${fromNow(until)}) to get your ticket; after that the offer passes to the next in line.`
          : "Pay to get your ticket.",
        tone: "wait",
      };
    }
    case "DECLINED":
      return {
        icon: <CircleXIcon aria-hidden="true" />,
        title: "The organizer couldn't confirm your spot",
        detail: "Your registration was declined.",
        tone: "off",
      };
    default:
      return {
        icon: <CircleXIcon aria-hidden="true" />,
        title: "Your registration is canceled",
        detail: "We emailed you a confirmation. Your spot is free for someone else.",
        tone: "off",
      };
  }
}

const toneClass = {
  good: "bg-success/15 text-success",
  wait: "bg-primary/12 text-primary",
  off: "bg-muted text-muted-foreground",
};

/**
 * A registration opened through the private link in its mail: no session, so everything it
 * shows comes with the link. `renderCalendar` is the event page's "add to calendar".
 */
export function ManagedRegistrationView({
  token,
  registration,
  renderCalendar,
}: {
  token: string;
  registration: ManagedRegistration;
  renderCalendar: (event: ManagedRegistration["event"]) => ReactNode;
}) {
  const { event } = registration;
  const cancel = useCancelManagedRegistration(token);
  const pay = usePayForOffer(token);
  const status = heading(registration);
  const where = [event.venueName, event.venueAddress].filter(Boolean).join(", ");
  const going = registration.status === "GOING";
  const ended = new Date(event.endsAt).getTime() <= Date.now();
  return (
    <div className={pageWidth("text", "grid gap-6 pt-6 pb-16")}>
      {/* The token is in this page's address: never send it to the sites linked from here. */}
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex" />
      <title>{`Your registration · ${event.title}`}</title>
      <header className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          Your registration, {registration.name} · {event.host.name}
        </p>
        <h1 className="text-2xl leading-tight font-bold tracking-tight wrap-anywhere sm:text-3xl">
          {event.title}
        </h1>
        <ul className="grid gap-1.5 text-sm">
          <li className="flex items-start gap-2">
            <CalendarDaysIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <time dateTime={event.startsAt}>
              {formatEventRange(event.startsAt, event.endsAt, event.timeZone)}
            </time>
          </li>
          {where ? (
            <li className="flex items-start gap-2 wrap-anywhere">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0">{where}</span>
            </li>
          ) : null}
        </ul>
        {event.status === "CANCELED" ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            The organizer canceled this event.
          </p>
        ) : null}
      </header>

      <section
        aria-labelledby="managed-status"
        className="grid gap-5 rounded-2xl border bg-card p-5 shadow-xs"
      >
        <div className="flex items-start gap-3" role="status">
          <span
            className={`mt-0.5 grid size-9 shrink-0 place-items-center rounded-full [&_svg]:size-5 ${toneClass[status.tone]}`}
          >
            {status.icon}
          </span>
          <div className="grid min-w-0 gap-0.5">
            <h2 id="managed-status" className="text-lg leading-tight font-semibold">
              {status.title}
            </h2>
            <p className="text-sm text-muted-foreground">{status.detail}</p>
          </div>
        </div>
        {going && registration.checkInCode && !registration.checkedInAt ? (
          <CheckInQr code={registration.checkInCode} />
        ) : null}
        {going && registration.onlineUrl ? (
          <JoinOnlineLink href={registration.onlineUrl} urlClassName="truncate" />
        ) : null}
        {going && !ended ? renderCalendar(event) : null}
        {registration.status === "HELD" ? (
          <div className="grid gap-2">
            <Button
              type="button"
              size="lg"
              className="w-full sm:w-fit"
              disabled={pay.isPending || pay.isSuccess}
              onClick={async () => {
                const url = await pay.mutateAsync().catch(() => null);
                if (url) leaveFor(url);
              }}
            >
              {pay.isPending || pay.isSuccess ? <Spinner label="Starting checkout" /> : null}
              Pay now
            </Button>
            <FieldError aria-live="assertive">{pay.error ? pay.error.message : null}</FieldError>
          </div>
        ) : null}
        {registration.canCancel ? (
          <div className="border-t pt-3">
            <CancelRegistrationButton
              registrationId={registration.id}
              eventTitle={event.title}
              perform={() => cancel.mutateAsync()}
              variant="ghost"
              className="-ml-3 text-muted-foreground"
            />
          </div>
        ) : null}
      </section>

      <p className="text-sm text-muted-foreground">
        This page is private to you: anyone with its link can see and cancel your registration, so don&apos;t
        share it. Signing in with {registration.email} shows it under your events too.
      </p>
      <Link
        to="/e/$eventId"
        params={{ eventId: event.id }}
        className={`${buttonVariants({ variant: "outline" })} w-fit`}
      >
        {registration.status === "CANCELED" ? "Register again" : "Event page"}
      </Link>
    </div>
  );
}
