import { CircleCheckIcon, ClockIcon, HourglassIcon } from "lucide-react";
import type { ReactNode } from "react";
import { JoinOnlineLink } from "#client/components/ui/join-online-link.tsx";
import type { PublicEvent, ViewerRegistration } from "#client/features/event-page/api/event-page-queries.ts";
import { safeHttpUrl } from "#client/features/event-page/event-links.ts";
import { AddToCalendar } from "./add-to-calendar.tsx";
import type { EventPageSlots } from "./slots.ts";

function StatusHeading({ icon, title, detail }: { icon: ReactNode; title: string; detail: string }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-primary/12 text-primary [&_svg]:size-5">
        {icon}
      </span>
      <div className="grid gap-0.5">
        <h3 className="text-lg leading-tight font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}

export function RegistrationStatusView({
  event,
  registration,
  slots,
  ended,
}: {
  event: PublicEvent;
  registration: ViewerRegistration;
  slots: EventPageSlots;
  ended: boolean;
}) {
  const onlineUrl = safeHttpUrl(event.onlineUrl);
  return (
    // aria-live: after registering, the result replaces the form and is announced.
    <div className="grid gap-5" aria-live="polite">
      {registration.status === "GOING" ? (
        <>
          <div className="flex items-start gap-3">
            <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-success/15 text-success [&_svg]:size-5">
              <CircleCheckIcon aria-hidden="true" />
            </span>
            <div className="grid gap-0.5">
              <h3 className="text-lg leading-tight font-semibold">You&apos;re going</h3>
              <p className="text-sm text-muted-foreground">
                {registration.ticketType ? `${registration.ticketType.name} · ` : ""}
                Show this code at the door to check in.
              </p>
            </div>
          </div>
          {registration.checkInCode ? slots.renderTicket(registration.checkInCode) : null}
          {onlineUrl ? <JoinOnlineLink href={onlineUrl} urlClassName="line-clamp-1" /> : null}
          {ended ? null : <AddToCalendar event={event} />}
        </>
      ) : registration.status === "WAITLISTED" ? (
        <StatusHeading
          icon={<HourglassIcon aria-hidden="true" />}
          title={
            registration.waitlistPosition
              ? `You're on the waitlist, #${registration.waitlistPosition}`
              : "You're on the waitlist"
          }
          detail="We'll email you as soon as a spot opens up."
        />
      ) : (
        <StatusHeading
          icon={<ClockIcon aria-hidden="true" />}
          title="Request sent — the organizer will confirm"
          detail="You'll get an email when they do."
        />
      )}
      {registration.checkedInAt ? (
        <p className="border-t pt-3 text-sm text-muted-foreground">
          You&apos;re checked in. Enjoy the event!
        </p>
      ) : ended ? null : (
        <div className="border-t pt-3">{slots.renderCancel(registration)}</div>
      )}
    </div>
  );
}
