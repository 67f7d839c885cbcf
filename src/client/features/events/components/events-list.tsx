import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDaysIcon, CalendarPlusIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { communityEventsQueryOptions } from "#client/features/events/api/events-queries.ts";
import { EVENT_STATUS_BADGE, EVENT_STATUS_LABEL, formatGoing } from "#client/features/events/event-labels.ts";
import { EVENTS_TABS, type EventsTab, filterForTab } from "#client/features/events/event-tabs.ts";
import type { CommunityEventsQuery } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { formatEventRange } from "#shared/event-time-format.ts";
import { EventRowActions } from "./event-row-actions.tsx";

type ListEvent = CommunityEventsQuery["events"]["nodes"][number];

const EMPTY: Record<EventsTab, { title: string; detail: string }> = {
  upcoming: {
    title: "No upcoming events",
    detail: "Plan something: create an event, publish it and people can register.",
  },
  past: { title: "No past events yet", detail: "Events move here once they have ended." },
  drafts: {
    title: "No drafts",
    detail: "Save an event as a draft to finish it later; only organizers see drafts.",
  },
};

export function EventsList({
  communityId,
  tab,
  query,
  canManage,
  onSearch,
}: {
  communityId: string;
  tab: EventsTab;
  query: string;
  canManage: boolean;
  onSearch: (query: string) => void;
}) {
  const id = useId();
  const filter = filterForTab(tab);
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    communityEventsQueryOptions(communityId, filter, query),
  );
  const events = data.pages.flatMap((page) => page.nodes);
  const tabLabel = EVENTS_TABS.find((item) => item.value === tab)?.label ?? "Upcoming";

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Event lists" className="flex gap-1 rounded-lg bg-muted p-1">
          {EVENTS_TABS.map((item) => (
            <Link
              key={item.value}
              to="/dashboard/$communityId/events"
              params={{ communityId }}
              search={(prev) => ({ ...prev, tab: item.value === "upcoming" ? undefined : item.value })}
              aria-current={item.value === tab ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                item.value === tab && "bg-background text-foreground shadow-xs",
              )}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="sm:w-72">
          <SearchField id={`${id}-search`} label="Search events by title" value={query} onSearch={onSearch} />
        </div>
      </div>

      <h2 className="sr-only">{`${tabLabel} events`}</h2>
      {events.length === 0 ? (
        <EmptyState communityId={communityId} tab={tab} query={query} canManage={canManage} />
      ) : (
        <ul className="grid gap-3" aria-label={`${tabLabel} events`}>
          {events.map((event) => (
            <EventRow key={event.id} event={event} communityId={communityId} canManage={canManage} />
          ))}
        </ul>
      )}

      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner label="Loading more events" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EventRow({
  event,
  communityId,
  canManage,
}: {
  event: ListEvent;
  communityId: string;
  canManage: boolean;
}) {
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/dashboard/$communityId/events/$eventId"
            params={{ communityId, eventId: event.id }}
            className="line-clamp-1 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {event.title}
          </Link>
          <Badge variant={EVENT_STATUS_BADGE[event.status]}>{EVENT_STATUS_LABEL[event.status]}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {formatEventRange(event.startsAt, event.endsAt, event.timeZone)}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span>{formatGoing(event.goingCount, event.capacity)}</span>
          {event.waitlistCount > 0 ? (
            <span className="text-muted-foreground">{event.waitlistCount} on the waitlist</span>
          ) : null}
          {event.attendanceForecast && event.attendanceForecast.going > 0 ? (
            <span className="text-muted-foreground">
              Expected {Math.round(event.attendanceForecast.expected)}
              <span className="sr-only"> check-ins, likely</span> ({event.attendanceForecast.low}–
              {event.attendanceForecast.high})
            </span>
          ) : null}
          {event.pendingCount > 0 ? (
            <span className="font-medium text-primary">{event.pendingCount} awaiting approval</span>
          ) : null}
        </p>
      </div>
      {canManage ? <EventRowActions event={event} /> : null}
    </li>
  );
}

function EmptyState({
  communityId,
  tab,
  query,
  canManage,
}: {
  communityId: string;
  tab: EventsTab;
  query: string;
  canManage: boolean;
}) {
  const empty = EMPTY[tab];
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <CalendarDaysIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      {query ? (
        <>
          <p className="font-medium">No events match “{query}”</p>
          <p className="text-sm text-muted-foreground">Try another word from the title.</p>
        </>
      ) : (
        <>
          <p className="font-medium">{empty.title}</p>
          <p className="max-w-md text-sm text-muted-foreground">{empty.detail}</p>
          {canManage && tab !== "past" ? (
            <Link
              to="/dashboard/$communityId/create-event"
              params={{ communityId }}
              className={buttonVariants({ variant: "outline" })}
            >
              <CalendarPlusIcon aria-hidden="true" /> Create event
            </Link>
          ) : null}
        </>
      )}
    </div>
  );
}
