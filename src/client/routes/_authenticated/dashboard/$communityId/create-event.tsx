import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { ticketPricingQueryOptions } from "#client/features/events/api/ticket-pricing-queries.ts";
import { EventForm } from "#client/features/events/components/event-form/event-form.tsx";
import { emptyEventValues } from "#client/features/events/components/event-form/event-form-schema.ts";
import { notify } from "#client/lib/notify.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/create-event")({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(communityQueryOptions(params.communityId)),
      context.queryClient.ensureQueryData(ticketPricingQueryOptions(params.communityId)),
    ]),
  component: CreateEventPage,
});

function CreateEventPage() {
  const { communityId } = Route.useParams();
  // Keyed: switching communities must not carry a half-typed event into another community.
  return <CreateEvent key={communityId} communityId={communityId} />;
}

function CreateEvent({ communityId }: { communityId: string }) {
  const navigate = Route.useNavigate();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const { data: pricing } = useSuspenseQuery(ticketPricingQueryOptions(communityId));
  const [defaults] = useState(() => emptyEventValues(community.timeZone, pricing.currency));
  return (
    <div className={pageWidth("text", "py-8 sm:py-10")}>
      <title>{`Create event · ${community.name} · Commons`}</title>
      <Link
        to="/dashboard/$communityId/events"
        params={{ communityId }}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Events
      </Link>
      <div className="mb-8 grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Create event</h1>
        <p className="text-muted-foreground">
          Save a draft to finish later, or publish it so people can register.
        </p>
      </div>
      <EventForm
        communityId={community.id}
        defaultValues={defaults}
        pricing={pricing}
        onSaved={(event, published) => {
          notify("success", published ? "Event published." : "Draft saved.");
          void navigate({
            to: "/dashboard/$communityId/events/$eventId",
            params: { communityId: event.host.id, eventId: event.id },
            replace: true,
          });
        }}
      />
    </div>
  );
}
