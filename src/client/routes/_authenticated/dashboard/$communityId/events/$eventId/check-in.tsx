import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import {
  eventQueryOptions,
  eventRegistrationsQueryOptions,
} from "#client/features/events/api/events-queries.ts";
import {
  CHECK_IN_PAGE_SIZE,
  CheckInView,
  checkInGoingFilter,
} from "#client/features/events/components/check-in/check-in-view.tsx";
import { loadDashboardEvent } from "#client/features/events/components/event-dashboard/load-event.ts";
import { NotManagerNotice } from "#client/features/events/components/not-manager-notice.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/events/$eventId/check-in")({
  loader: async ({ context, params }) => {
    const event = await loadDashboardEvent(context.queryClient, params.communityId, params.eventId);
    if (event.viewerCanManage) {
      await context.queryClient.ensureInfiniteQueryData(
        eventRegistrationsQueryOptions(params.eventId, checkInGoingFilter(""), CHECK_IN_PAGE_SIZE),
      );
    }
    return { title: event.title };
  },
  component: CheckInPage,
});

function CheckInPage() {
  const { communityId, eventId } = Route.useParams();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  return (
    <div className={pageWidth("text", "grid gap-5 py-6 sm:py-10")}>
      <title>{`Check-in · ${event.title} · Commons`}</title>
      <div className="grid gap-2">
        <Link
          to="/dashboard/$communityId/events/$eventId"
          params={{ communityId, eventId }}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> Registrations
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">
          Check-in <span className="text-muted-foreground">· {event.title}</span>
        </h1>
      </div>
      {!event.viewerCanManage ? (
        <NotManagerNotice publicPath={event.publicPath} />
      ) : event.status === "DRAFT" ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          Check-in opens once the event is published: nobody can register for a draft.
        </p>
      ) : (
        <CheckInView eventId={eventId} />
      )}
    </div>
  );
}
