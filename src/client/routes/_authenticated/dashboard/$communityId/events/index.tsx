import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarPlusIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { communityEventsQueryOptions } from "#client/features/events/api/events-queries.ts";
import { EventsList } from "#client/features/events/components/events-list.tsx";
import { filterForTab, tabFromSearch } from "#client/features/events/event-tabs.ts";
import { parseEventsSearch } from "#client/features/events/search-params.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/events/")({
  validateSearch: parseEventsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureInfiniteQueryData(
      communityEventsQueryOptions(params.communityId, filterForTab(tabFromSearch(deps.tab)), deps.q ?? ""),
    ),
  component: EventsPage,
});

function EventsPage() {
  const { communityId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const canManage = community.viewerCapabilities.includes("EVENTS_MANAGE");
  return (
    <div className={pageWidth("wide", "py-8 sm:py-10")}>
      <title>{`Events · ${community.name} · Commons`}</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Events</h1>
          <p className="text-muted-foreground">Plan gatherings, publish them and see who is coming.</p>
        </div>
        {canManage ? (
          <Link
            to="/dashboard/$communityId/create-event"
            params={{ communityId }}
            className={buttonVariants()}
          >
            <CalendarPlusIcon aria-hidden="true" /> Create event
          </Link>
        ) : null}
      </div>
      <EventsList
        communityId={communityId}
        tab={tabFromSearch(search.tab)}
        query={search.q ?? ""}
        canManage={canManage}
        onSearch={(q) => void navigate({ search: (prev) => ({ ...prev, q: q || undefined }), replace: true })}
      />
    </div>
  );
}
