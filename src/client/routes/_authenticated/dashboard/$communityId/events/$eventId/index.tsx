import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import {
  eventQueryOptions,
  eventRegistrationsQueryOptions,
} from "../../../../../../features/events/api/events-queries.ts";
import { DigestToggle } from "../../../../../../features/events/components/event-dashboard/digest-toggle.tsx";
import { EventHeader } from "../../../../../../features/events/components/event-dashboard/event-header.tsx";
import { loadDashboardEvent } from "../../../../../../features/events/components/event-dashboard/load-event.ts";
import { RegistrationsTable } from "../../../../../../features/events/components/event-dashboard/registrations-table.tsx";
import { NotManagerNotice } from "../../../../../../features/events/components/not-manager-notice.tsx";
import { isRegistrationStatus } from "../../../../../../features/events/event-labels.ts";
import { parseRegistrationsSearch } from "../../../../../../features/events/search-params.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/events/$eventId/")({
  validateSearch: parseRegistrationsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const event = await loadDashboardEvent(context.queryClient, params.communityId, params.eventId);
    if (event.viewerCanManage) {
      await context.queryClient.ensureInfiniteQueryData(
        eventRegistrationsQueryOptions(params.eventId, {
          status: isRegistrationStatus(deps.status) ? deps.status : undefined,
          ticketTypeId: deps.ticket,
          search: deps.q,
        }),
      );
    }
    return { title: event.title };
  },
  component: EventDashboardPage,
});

function EventDashboardPage() {
  const { communityId, eventId } = Route.useParams();
  const { status, ticket, q } = Route.useSearch();
  const filter = { status: isRegistrationStatus(status) ? status : undefined, ticket, q };
  const navigate = Route.useNavigate();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-5 py-8 sm:px-8 sm:py-10">
      <title>{`${event.title} · Events · Commons`}</title>
      <div className="grid gap-4">
        <Link
          to="/dashboard/$communityId/events"
          params={{ communityId }}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> Events
        </Link>
        <EventHeader event={event} />
      </div>
      {event.viewerCanManage ? <DigestToggle communityId={event.host.id} /> : null}
      {event.viewerCanManage ? (
        <RegistrationsTable
          eventId={event.id}
          ticketTypes={event.ticketTypes}
          filter={filter}
          onFilterChange={(next) =>
            void navigate({
              search: {
                ...(next.status ? { status: next.status } : {}),
                ...(next.ticket ? { ticket: next.ticket } : {}),
                ...(next.q ? { q: next.q } : {}),
              },
              replace: true,
            })
          }
        />
      ) : (
        <NotManagerNotice publicPath={event.publicPath} />
      )}
    </div>
  );
}
