import { GlobeIcon, MapPinIcon, VideoIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { useViewerTimeZone } from "#client/features/event-page/browser-state.ts";
import {
  eventLocation,
  googleMapsUrl,
  mapUrl,
  safeHttpUrl,
} from "#client/features/event-page/event-links.ts";
import { dateTileParts, describeWhen } from "#client/features/event-page/when.ts";
import { formatEventRange, formatter } from "#shared/event-time-format.ts";

const linkClass =
  "rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

function Fact({ tile, children }: { tile: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3.5">
      <div className="grid size-11 shrink-0 place-items-center overflow-hidden rounded-xl border bg-card text-muted-foreground shadow-xs [&_svg]:size-5">
        {tile}
      </div>
      <div className="grid min-w-0 gap-0.5 pt-0.5 wrap-anywhere">{children}</div>
    </div>
  );
}

/** The event's range on the visitor's clock, when that clock shows another time than the event's zone. */
export function viewerRange(
  event: Pick<PublicEvent, "startsAt" | "endsAt" | "timeZone">,
  viewerZone: string | null,
): string | null {
  if (!viewerZone) return null;
  const start = new Date(event.startsAt);
  const show = (zone: string) =>
    formatter("en-US", {
      timeZone: zone,
      hour: "numeric",
      minute: "numeric",
      day: "numeric",
    }).format(start);
  if (show(event.timeZone) === show(viewerZone)) return null;
  return formatEventRange(event.startsAt, event.endsAt, viewerZone, "en-US");
}

export function EventWhen({ event }: { event: PublicEvent }) {
  const when = describeWhen(event.startsAt, event.endsAt, event.timeZone);
  const tile = dateTileParts(event.startsAt, event.timeZone);
  const yours = viewerRange(event, useViewerTimeZone());
  return (
    <Fact
      tile={
        <div aria-hidden="true" className="grid size-full grid-rows-[auto_1fr] text-center">
          <span className="bg-muted py-0.5 text-[0.625rem] font-semibold tracking-wide uppercase">
            {tile.month}
          </span>
          <span className="grid place-items-center text-base leading-none font-semibold text-foreground">
            {tile.day}
          </span>
        </div>
      }
    >
      <p className="font-semibold">
        <time dateTime={event.startsAt}>{when.date}</time>
      </p>
      {when.time ? <p className="text-sm text-muted-foreground">{when.time}</p> : null}
      {/* The line is kept even when empty: the visitor's zone is known only after hydration. */}
      <p
        data-testid="viewer-time"
        className="flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground"
      >
        {yours ? (
          <>
            <GlobeIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span>Your time: {yours}</span>
          </>
        ) : null}
      </p>
    </Fact>
  );
}

export function EventWhere({ event }: { event: PublicEvent }) {
  const location = eventLocation(event);
  const onlineUrl = safeHttpUrl(event.onlineUrl);
  const query = event.venueAddress || event.venueName || location;
  return (
    <>
      {location ? (
        <Fact tile={<MapPinIcon aria-hidden="true" />}>
          <p className="font-semibold" dir="auto">
            {event.venueName || event.venueAddress}
          </p>
          {event.venueName && event.venueAddress ? (
            <p className="text-sm text-muted-foreground" dir="auto">
              {event.venueAddress}
            </p>
          ) : null}
          <p className="flex flex-wrap gap-x-3 gap-y-1">
            <a href={mapUrl(query)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={googleMapsUrl(query)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              Google Maps<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </Fact>
      ) : null}
      {event.hasOnlineLink && (event.status !== "CANCELED" || onlineUrl) ? (
        <Fact tile={<VideoIcon aria-hidden="true" />}>
          <p className="font-semibold">Online event</p>
          {onlineUrl ? (
            <a
              href={onlineUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkClass} line-clamp-1 break-all`}
            >
              {onlineUrl}
            </a>
          ) : (
            <p className="text-sm text-muted-foreground">
              {event.viewerRegistration && event.viewerRegistration.status !== "CANCELED"
                ? "The link appears here once your spot is confirmed."
                : "People who are going get the link by email and here."}
            </p>
          )}
        </Fact>
      ) : null}
    </>
  );
}
