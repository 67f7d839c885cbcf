import { GlobeIcon, MapPinIcon, VideoIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { eventLocation, mapUrl, safeHttpUrl } from "#client/features/event-page/event-links.ts";
import { dateTileParts, describeWhen } from "#client/features/event-page/when.ts";
import { differsFromViewer, useViewerTimeZone } from "#client/lib/event-time.ts";
import { formatEventRange } from "#shared/event-time-format.ts";

function Fact({ tile, children }: { tile: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center gap-4">
      <div className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-xl border bg-card text-muted-foreground [&_svg]:size-5">
        {tile}
      </div>
      <div className="grid min-w-0 gap-0.5">{children}</div>
    </div>
  );
}

export function EventWhen({ event }: { event: PublicEvent }) {
  const when = describeWhen(event.startsAt, event.endsAt, event.timeZone);
  const tile = dateTileParts(event.startsAt, event.timeZone);
  const viewerZone = useViewerTimeZone();
  const showViewer = viewerZone !== null && differsFromViewer(event.startsAt, event.timeZone, viewerZone);
  return (
    <Fact
      tile={
        <div aria-hidden="true" className="grid size-full grid-rows-[auto_1fr] text-center">
          <span className="bg-muted py-0.5 text-[0.625rem] font-semibold tracking-wide uppercase">
            {tile.month}
          </span>
          <span className="grid place-items-center text-lg leading-none font-semibold text-foreground">
            {tile.day}
          </span>
        </div>
      }
    >
      <p className="font-semibold">
        <time dateTime={event.startsAt}>{when.date}</time>
      </p>
      {when.time ? <p className="text-sm text-muted-foreground">{when.time}</p> : null}
      {showViewer ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <GlobeIcon className="size-3.5 shrink-0" aria-hidden="true" />
          <span>Your time: {formatEventRange(event.startsAt, event.endsAt, viewerZone)}</span>
        </p>
      ) : null}
    </Fact>
  );
}

export function EventWhere({ event }: { event: PublicEvent }) {
  const location = eventLocation(event);
  const onlineUrl = safeHttpUrl(event.onlineUrl);
  return (
    <>
      {location ? (
        <Fact tile={<MapPinIcon aria-hidden="true" />}>
          <p className="font-semibold">{event.venueName || event.venueAddress}</p>
          {event.venueName && event.venueAddress ? (
            <p className="text-sm text-muted-foreground">{event.venueAddress}</p>
          ) : null}
          <a
            href={mapUrl(event.venueAddress || event.venueName || location)}
            target="_blank"
            rel="noopener noreferrer"
            className="w-fit rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Open map<span className="sr-only"> (OpenStreetMap, opens in a new tab)</span>
          </a>
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
              className="line-clamp-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
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
