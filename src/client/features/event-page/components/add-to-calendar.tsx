import { CalendarPlusIcon, DownloadIcon } from "lucide-react";
import { buttonVariants } from "#client/components/ui/button.tsx";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { usePageOrigin } from "#client/features/event-page/browser-state.ts";
import { googleCalendarUrl, icsUrl, outlookCalendarUrl } from "#client/features/event-page/event-links.ts";

type CalendarFields = Pick<
  PublicEvent,
  "id" | "title" | "description" | "startsAt" | "endsAt" | "timeZone" | "venueName" | "venueAddress"
>;

export function AddToCalendar({ event }: { event: CalendarFields }) {
  // Relative on the server; the page's full address once the browser knows its origin.
  const pageUrl = `${usePageOrigin()}/e/${event.id}`;
  const details = {
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    venueName: event.venueName,
    venueAddress: event.venueAddress,
    pageUrl,
  };
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <div className="grid gap-2">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Add to calendar</p>
      <div className="flex flex-wrap gap-2">
        <a href={googleCalendarUrl(details)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <CalendarPlusIcon aria-hidden="true" />
          Google Calendar
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <a href={outlookCalendarUrl(details)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <CalendarPlusIcon aria-hidden="true" />
          Outlook
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={icsUrl(event.id)} download className={linkClass}>
          <DownloadIcon aria-hidden="true" />
          Apple, other (.ics)
        </a>
      </div>
    </div>
  );
}
