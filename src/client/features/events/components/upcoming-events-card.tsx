import { Link } from "@tanstack/react-router";
import { CalendarPlusIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { formatGoing } from "#client/features/events/event-labels.ts";
import type { OverviewEventsQuery } from "#client/gql/graphql.ts";
import { formatEventRange } from "#shared/event-time-format.ts";

type Upcoming = OverviewEventsQuery["upcoming"]["nodes"];

export function hasAnyEvents(data: OverviewEventsQuery): boolean {
  return data.upcoming.nodes.length + data.drafts.nodes.length + data.past.nodes.length > 0;
}

/** The next few events with their registration counts, for the dashboard overview. */
export function UpcomingEventsCard({
  communityId,
  events,
  canManage,
}: {
  communityId: string;
  events: Upcoming;
  canManage: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Upcoming events</CardTitle>
          <CardDescription>
            {events.length === 0 ? "Nothing scheduled." : "The next events and who is coming."}
          </CardDescription>
        </div>
        <Link
          to="/dashboard/$communityId/events"
          params={{ communityId }}
          className="text-sm text-primary hover:underline"
        >
          All events
        </Link>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          canManage ? (
            <Link
              to="/dashboard/$communityId/create-event"
              params={{ communityId }}
              className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline"
            >
              <CalendarPlusIcon aria-hidden="true" className="size-4" /> Create an event
            </Link>
          ) : null
        ) : (
          <ul className="grid gap-1">
            {events.map((event) => (
              <li key={event.id}>
                <Link
                  to="/dashboard/$communityId/events/$eventId"
                  params={{ communityId, eventId: event.id }}
                  className="grid gap-0.5 rounded-lg p-2 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
                >
                  <span className="grid gap-0.5">
                    <span className="font-medium">{event.title}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatEventRange(event.startsAt, event.endsAt, event.timeZone)}
                    </span>
                  </span>
                  <span className="text-sm sm:text-right">
                    <span className="block">{formatGoing(event.goingCount, event.capacity)}</span>
                    {event.waitlistCount + event.pendingCount > 0 ? (
                      <span className="block text-muted-foreground">
                        {[
                          event.waitlistCount > 0 ? `${event.waitlistCount} waitlisted` : undefined,
                          event.pendingCount > 0 ? `${event.pendingCount} pending` : undefined,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
