import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { eventInsightsQueryOptions } from "#client/features/events/api/event-insights-queries.ts";
import {
  eventQueryOptions,
  eventRegistrationsQueryOptions,
} from "#client/features/events/api/events-queries.ts";
import {
  DEFAULT_FORECAST_RISK,
  eventForecastQueryOptions,
} from "#client/features/events/api/forecast-queries.ts";
import { useInvalidateRegistrations } from "#client/features/events/api/registration-mutations.ts";
import {
  type TicketPricing,
  ticketPricingQueryOptions,
} from "#client/features/events/api/ticket-pricing-queries.ts";
import { DigestToggle } from "#client/features/events/components/event-dashboard/digest-toggle.tsx";
import { EventHeader } from "#client/features/events/components/event-dashboard/event-header.tsx";
import { loadDashboardEvent } from "#client/features/events/components/event-dashboard/load-event.ts";
import { RegistrationsTable } from "#client/features/events/components/event-dashboard/registrations-table.tsx";
import { EventInsightsSection } from "#client/features/events/components/event-insights/event-insights.tsx";
import { ForecastCard } from "#client/features/events/components/forecast/forecast-card.tsx";
import { NotManagerNotice } from "#client/features/events/components/not-manager-notice.tsx";
import { isRegistrationStatus } from "#client/features/events/event-labels.ts";
import { parseRegistrationsSearch } from "#client/features/events/search-params.ts";
import { RegistrationRefund } from "#client/features/payments/components/registration-refund.tsx";
import { promoCodesQueryOptions } from "#client/features/promo-codes/api/promo-codes-queries.ts";
import { PromoCodesList } from "#client/features/promo-codes/components/promo-codes-list.tsx";
import type { EventDetailQuery } from "#client/gql/graphql.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/events/$eventId/")({
  validateSearch: parseRegistrationsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const event = await loadDashboardEvent(context.queryClient, params.communityId, params.eventId);
    const community = await context.queryClient.ensureQueryData(communityQueryOptions(params.communityId));
    if (canSeeInsights(community.viewerCapabilities))
      await context.queryClient.ensureQueryData(eventInsightsQueryOptions(params.eventId));
    if (event.viewerCanManage) {
      await Promise.all([
        // Started with the page's data but never in its way: without it the card is left out.
        context.queryClient.prefetchQuery(eventForecastQueryOptions(params.eventId, DEFAULT_FORECAST_RISK)),
        context.queryClient.ensureInfiniteQueryData(
          eventRegistrationsQueryOptions(params.eventId, {
            status: isRegistrationStatus(deps.status) ? deps.status : undefined,
            ticketTypeId: deps.ticket,
            search: deps.q,
          }),
        ),
        context.queryClient
          .ensureQueryData(ticketPricingQueryOptions(event.host.id))
          .then((pricing) =>
            showsPromoCodes(pricing, event)
              ? context.queryClient.ensureInfiniteQueryData(promoCodesQueryOptions(event.host.id, event.id))
              : null,
          ),
      ]);
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
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const refreshRegistrations = useInvalidateRegistrations(eventId);
  return (
    <div className={pageWidth("wide", "grid gap-8 py-8 sm:py-10")}>
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
      {event.viewerCanManage ? <EventForecast event={event} /> : null}
      {event.viewerCanManage ? <DigestToggle communityId={event.host.id} /> : null}
      {event.viewerCanManage ? (
        <RegistrationsTable
          eventId={event.id}
          timeZone={event.timeZone}
          isDraft={event.status === "DRAFT"}
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
          rowAction={(row) => (
            <RegistrationRefund
              communityId={event.host.id}
              registration={row}
              onRefunded={() => void refreshRegistrations()}
            />
          )}
        />
      ) : (
        <NotManagerNotice publicPath={event.publicPath} />
      )}
      {canSeeInsights(community.viewerCapabilities) ? <EventInsightsSection eventId={event.id} /> : null}
      {event.viewerCanManage ? <EventPromoCodes event={event} /> : null}
    </div>
  );
}

const canSeeInsights = (capabilities: readonly string[]) => capabilities.includes("INSIGHTS_VIEW");

function EventForecast({ event }: { event: EventDetailQuery["event"] }) {
  const { data: pricing } = useSuspenseQuery(ticketPricingQueryOptions(event.host.id));
  return <ForecastCard event={event} currency={pricing.currency} />;
}

/** Codes matter once a ticket can cost something: while every ticket is free they stay out of the way. */
const showsPromoCodes = (pricing: TicketPricing, event: EventDetailQuery["event"]) =>
  pricing.canTakePayments || event.ticketTypes.some((ticket) => ticket.priceMinor > 0);

function EventPromoCodes({ event }: { event: EventDetailQuery["event"] }) {
  const { data: pricing } = useSuspenseQuery(ticketPricingQueryOptions(event.host.id));
  if (!showsPromoCodes(pricing, event)) return null;
  return (
    <section aria-labelledby="promo-codes-heading" className="grid gap-3">
      <h2 id="promo-codes-heading" className="text-lg font-semibold">
        Promo codes
      </h2>
      <PromoCodesList
        scope={{
          communityId: event.host.id,
          eventId: event.id,
          eventTitle: event.title,
          currency: pricing.currency,
          timeZone: event.timeZone,
          ticketTypes: event.ticketTypes,
        }}
      />
    </section>
  );
}
