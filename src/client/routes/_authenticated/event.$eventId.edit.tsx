import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, notFound } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { eventQueryOptions } from "#client/features/events/api/events-queries.ts";
import { ticketPricingQueryOptions } from "#client/features/events/api/ticket-pricing-queries.ts";
import { EventForm } from "#client/features/events/components/event-form/event-form.tsx";
import { eventToValues } from "#client/features/events/components/event-form/event-form-schema.ts";
import { EVENT_STATUS_BADGE, EVENT_STATUS_LABEL } from "#client/features/events/event-labels.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { CommunityDashboard, loadDashboardCommunity } from "./-community-dashboard.tsx";

export const Route = createFileRoute("/_authenticated/event/$eventId/edit")({
  loader: async ({ context, params }) => {
    try {
      const event = await context.queryClient.ensureQueryData(eventQueryOptions(params.eventId));
      if (!event.viewerCanManage) throw notFound();
      await Promise.all([
        loadDashboardCommunity(context.queryClient, event.host.id),
        context.queryClient.ensureQueryData(ticketPricingQueryOptions(event.host.id)),
      ]);
      return { title: event.title };
    } catch (error) {
      if (
        error instanceof GraphQLRequestError &&
        (error.code === "NOT_FOUND" || error.code === "BAD_USER_INPUT")
      ) {
        throw notFound();
      }
      throw error;
    }
  },
  component: EditEventPage,
});

function EditEventPage() {
  const { eventId } = Route.useParams();
  // Keyed: going from one event's edit page to another's must start a fresh form.
  return <EditEvent key={eventId} eventId={eventId} />;
}

function EditEvent({ eventId }: { eventId: string }) {
  const navigate = Route.useNavigate();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  // Fixed at first render: a refetch in the background must not reset what is being typed.
  const { data: pricing } = useSuspenseQuery(ticketPricingQueryOptions(event.host.id));
  const [defaults] = useState(() => eventToValues(event, pricing.currency));
  return (
    <CommunityDashboard communityId={event.host.id}>
      <div className={pageWidth("text", "py-8 sm:py-10")}>
        <title>{`Edit ${event.title} · Commons`}</title>
        <Link
          to="/dashboard/$communityId/events/$eventId"
          params={{ communityId: event.host.id, eventId: event.id }}
          className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> {event.host.name} · registrations
        </Link>
        <div className="mb-8 grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">Edit event</h1>
            <Badge variant={EVENT_STATUS_BADGE[event.status]}>{EVENT_STATUS_LABEL[event.status]}</Badge>
          </div>
          <p className="text-muted-foreground">
            {event.status === "PUBLISHED"
              ? "Registrants get an email when the time or place changes."
              : event.status === "CANCELED"
                ? "This event is canceled; changes are kept but nobody can register."
                : "A draft is visible only to organizers until you publish it."}
          </p>
        </div>
        <EventForm
          communityId={event.host.id}
          defaultValues={defaults}
          existing={{ id: event.id, status: event.status, coverUrl: event.coverUrl }}
          pricing={pricing}
          onSaved={(saved, published) => {
            notify("success", published ? "Event published." : "Changes saved.");
            void navigate({
              to: "/dashboard/$communityId/events/$eventId",
              params: { communityId: saved.host.id, eventId: saved.id },
            });
          }}
        />
      </div>
    </CommunityDashboard>
  );
}
