import { CircleCheckIcon, ClockIcon, HourglassIcon } from "lucide-react";
import { JoinOnlineLink } from "#client/components/ui/join-online-link.tsx";
import type { PublicEvent, ViewerRegistration } from "#client/features/event-page/api/event-page-queries.ts";
import { safeHttpUrl } from "#client/features/event-page/event-links.ts";
import type { EventPageSlots } from "./slots.ts";
import { StatusHeading } from "./status-heading.tsx";

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
          <StatusHeading
            icon={<CircleCheckIcon aria-hidden="true" />}
            title="You're going"
            tone="success"
            detail={
              <>
                {registration.ticketType ? `${registration.ticketType.name} · ` : ""}
                Show this code at the door to check in.
              </>
            }
          />
          {registration.checkInCode ? slots.renderTicket(registration.checkInCode) : null}
          {onlineUrl ? <JoinOnlineLink href={onlineUrl} urlClassName="line-clamp-1" /> : null}
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
