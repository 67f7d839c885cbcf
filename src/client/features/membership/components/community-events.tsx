import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDaysIcon, MapPinIcon, VideoIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { IMAGE_ASPECT } from "#client/components/upload/image-aspects.ts";
import {
  type CommunityPageData,
  type CommunityPageEvent,
  morePastEventsQueryOptions,
} from "#client/features/membership/api/community-page.ts";
import { cn } from "#client/lib/cn.ts";
import { formatEventRange } from "#shared/event-time-format.ts";
import { BRAND_TEXT } from "./brand-style.ts";

// Dates are written in the community's own time zone and in one locale, so the page rendered on
// the server reads the same once the browser takes over.
const LOCALE = "en-US";

function dateParts(startsAt: string, timeZone: string) {
  const start = new Date(startsAt);
  return {
    month: new Intl.DateTimeFormat(LOCALE, { timeZone, month: "short" }).format(start),
    day: new Intl.DateTimeFormat(LOCALE, { timeZone, day: "numeric" }).format(start),
  };
}

function Place({ event }: { event: CommunityPageEvent }) {
  if (!event.venueName && !event.isOnline) return null;
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
      {event.venueName ? (
        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
      ) : (
        <VideoIcon className="size-3.5 shrink-0" aria-hidden="true" />
      )}
      <span className="min-w-0 truncate">{event.venueName ?? "Online"}</span>
    </span>
  );
}

/** The event's cover, or (none, or one that fails to load) its date on a tint of the brand colour. */
function Cover({
  event,
  timeZone,
  branded,
  className,
}: {
  event: CommunityPageEvent;
  timeZone: string;
  branded: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const { month, day } = dateParts(event.startsAt, timeZone);
  if (event.coverUrl && failed !== event.coverUrl) {
    return (
      <img
        src={event.coverUrl}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(event.coverUrl ?? null)}
        style={{ aspectRatio: String(IMAGE_ASPECT.eventCover) }}
        className={cn("w-full bg-muted object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ aspectRatio: String(IMAGE_ASPECT.eventCover) }}
      className={cn(
        "grid w-full place-content-center justify-items-center bg-linear-to-br",
        branded ? "from-(--brand)/25 to-(--brand)/5" : "from-primary/20 to-primary/5",
        className,
      )}
    >
      <span
        className={cn(
          "text-xs font-semibold tracking-widest uppercase",
          branded ? BRAND_TEXT : "text-primary",
        )}
      >
        {month}
      </span>
      <span className="text-3xl leading-none font-bold text-foreground">{day}</span>
    </span>
  );
}

function EventCard({
  event,
  timeZone,
  branded,
}: {
  event: CommunityPageEvent;
  timeZone: string;
  branded: boolean;
}) {
  return (
    <li className="min-w-0">
      <Link
        to="/e/$eventId"
        params={{ eventId: event.id }}
        className="group grid h-full overflow-hidden rounded-2xl border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Cover event={event} timeZone={timeZone} branded={branded} />
        <span className="grid min-w-0 content-start gap-1 p-4">
          <span className="text-sm font-medium text-muted-foreground">
            {formatEventRange(new Date(event.startsAt), new Date(event.endsAt), timeZone, LOCALE)}
          </span>
          <span className="text-lg leading-snug font-semibold wrap-anywhere group-hover:underline">
            {event.title}
          </span>
          <Place event={event} />
        </span>
      </Link>
    </li>
  );
}

function PastEventRow({
  event,
  timeZone,
  branded,
}: {
  event: CommunityPageEvent;
  timeZone: string;
  branded: boolean;
}) {
  return (
    <li className="min-w-0">
      <Link
        to="/e/$eventId"
        params={{ eventId: event.id }}
        className="flex items-center gap-4 rounded-xl p-2 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Cover
          event={event}
          timeZone={timeZone}
          branded={branded}
          className="w-24 shrink-0 rounded-lg sm:w-28"
        />
        <span className="grid min-w-0 gap-0.5">
          <span className="font-semibold wrap-anywhere">{event.title}</span>
          <span className="text-sm text-muted-foreground">
            {formatEventRange(new Date(event.startsAt), new Date(event.endsAt), timeZone, LOCALE)}
          </span>
          <Place event={event} />
        </span>
      </Link>
    </li>
  );
}

/** Past events after the first few: loaded when asked for, a dozen at a time. */
function MorePastEvents({
  slug,
  after,
  timeZone,
  branded,
}: {
  slug: string;
  after: string;
  timeZone: string;
  branded: boolean;
}) {
  const more = useInfiniteQuery(morePastEventsQueryOptions(slug, after));
  const events = more.data?.pages.flatMap((page) => page.nodes) ?? [];
  return (
    <>
      {events.length > 0 ? (
        <ul className="grid gap-1">
          {events.map((event) => (
            <PastEventRow key={event.id} event={event} timeZone={timeZone} branded={branded} />
          ))}
        </ul>
      ) : null}
      {more.isPending || more.isFetchingNextPage ? <Spinner label="Loading past events" /> : null}
      {more.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The past events could not be loaded. Please try again.
        </p>
      ) : null}
      {more.hasNextPage && !more.isFetchingNextPage ? (
        <Button variant="outline" className="w-fit" onClick={() => void more.fetchNextPage()}>
          Show more past events
        </Button>
      ) : null}
    </>
  );
}

export function CommunityEvents({ community, branded }: { community: CommunityPageData; branded: boolean }) {
  const upcoming = community.upcomingEvents ?? [];
  const past = community.pastEvents;
  const timeZone = community.timeZone ?? "UTC";
  const [showMore, setShowMore] = useState(false);
  return (
    <>
      <section aria-labelledby="events-title" className="grid gap-4">
        <h2 id="events-title" className="text-xl font-semibold tracking-tight">
          Upcoming events
        </h2>
        {upcoming.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} timeZone={timeZone} branded={branded} />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 rounded-2xl border border-dashed p-6 text-sm text-muted-foreground">
            <CalendarDaysIcon className="size-4 shrink-0" aria-hidden="true" />
            No upcoming events yet. Subscribe to hear when there is one.
          </p>
        )}
      </section>
      {past && past.nodes.length > 0 ? (
        <section aria-labelledby="past-title" className="grid gap-3">
          <h2 id="past-title" className="text-xl font-semibold tracking-tight">
            Past events
          </h2>
          <ul className="grid gap-1">
            {past.nodes.map((event) => (
              <PastEventRow key={event.id} event={event} timeZone={timeZone} branded={branded} />
            ))}
          </ul>
          {showMore && past.endCursor ? (
            <MorePastEvents
              slug={community.slug}
              after={past.endCursor}
              timeZone={timeZone}
              branded={branded}
            />
          ) : past.hasNextPage ? (
            <Button variant="outline" className="w-fit" onClick={() => setShowMore(true)}>
              Show more past events
            </Button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
