import { QueryClientProvider, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound, useRouter } from "@tanstack/react-router";
import { LockIcon } from "lucide-react";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { eventPageQueryOptions } from "#client/features/event-page/api/event-page-queries.ts";
import { leaveEventPage, showEventPage } from "#client/features/event-page/api/page-view-beacon.ts";
import { brandScope } from "#client/features/event-page/brand-scope.ts";
import type { CheckoutOutcome } from "#client/features/event-page/components/checkout-return.tsx";
import { CommunityMark } from "#client/features/event-page/components/community-mark.tsx";
import { EventPage } from "#client/features/event-page/components/event-page.tsx";
import type { EventPageSlots } from "#client/features/event-page/components/slots.ts";
import { registrationKeys } from "#client/features/registrations/api/my-registrations.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { useOriginTracking } from "#client/lib/origin.ts";
import { PageReady, usePageReady } from "#client/lib/page-ready.ts";
import { prepareMarkdown, useMarkdownHtml } from "#client/lib/server-markdown.ts";
import {
  LazyCancelRegistrationButton,
  LazyCheckInQr,
  LazyInlineSignIn,
  LazyUserMenu,
} from "./-public-page-parts.tsx";

type Gate = { kind: "sign-in" } | { kind: "members-only"; message: string } | null;

/** Where Stripe sends a buyer back to: `?checkout=paid|canceled&order=…`. */
type EventSearch = { checkout?: CheckoutOutcome; order?: string };

function parseEventSearch(search: Record<string, unknown>): EventSearch {
  const checkout = search.checkout === "paid" || search.checkout === "canceled" ? search.checkout : undefined;
  const order = typeof search.order === "string" && search.order.length <= 64 ? search.order : undefined;
  return checkout && order ? { checkout, order } : {};
}

export const Route = createFileRoute("/e/$eventId")({
  validateSearch: parseEventSearch,
  // A public route: the signed-in layout does not load TanStack Query here, so the loader does.
  loader: async ({ context, params }) => {
    const queryClient = await context.loadQueryClient();
    let gate: Gate = null;
    try {
      const event = await queryClient.ensureQueryData(eventPageQueryOptions(params.eventId));
      // Hydrating the server's page, the description's HTML is already there (lib/server-markdown).
      await prepareMarkdown(event.description);
    } catch (error) {
      if (!(error instanceof GraphQLRequestError)) throw error;
      // Drafts and other communities' members-only events read as missing, like a wrong id.
      if (error.code === "NOT_FOUND" || error.code === "BAD_USER_INPUT") throw notFound();
      if (error.code === "UNAUTHENTICATED") gate = { kind: "sign-in" };
      else if (error.code === "FORBIDDEN") gate = { kind: "members-only", message: error.message };
      else throw error;
    }
    return { queryClient, gate };
  },
  // Moving from one event's page to another's stays in this route: both count as showing a page.
  // The server renders the page too (decision 034), but only a browser shows it to someone.
  onEnter: ({ params }) => (typeof window === "undefined" ? undefined : showEventPage(params.eventId)),
  onStay: ({ params }) => (typeof window === "undefined" ? undefined : showEventPage(params.eventId)),
  onLeave: leaveEventPage,
  component: EventRoute,
});

function EventRoute() {
  const { queryClient, gate } = Route.useLoaderData();
  const { eventId } = Route.useParams();
  const { user } = useAuth();
  useOriginTracking(useRouter(), false);
  // The loader put the event in the cache; a gated page has none and keeps the Commons header.
  const host = gate
    ? null
    : (queryClient.getQueryData(eventPageQueryOptions(eventId).queryKey)?.host ?? null);
  const brand = brandScope(host?.brandColor);
  return (
    <QueryClientProvider client={queryClient}>
      <div className={brand?.className} style={brand?.style}>
        {/* One layout for both states: swapping layouts on sign-in would remount the form and lose the answers. */}
        <AppHeaderLayout
          start={host ? <CommunityMark host={host} /> : undefined}
          end={user ? <LazyUserMenu /> : null}
        >
          {gate ? <AccessGate gate={gate} /> : <LoadedEvent />}
        </AppHeaderLayout>
      </div>
    </QueryClientProvider>
  );
}

function LoadedEvent() {
  usePageReady();
  const { eventId } = Route.useParams();
  const search = Route.useSearch();
  const { data: event } = useSuspenseQuery(eventPageQueryOptions(eventId));
  const descriptionHtml = useMarkdownHtml(event.description);
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const refreshEvent = () =>
    queryClient.invalidateQueries({ queryKey: eventPageQueryOptions(eventId).queryKey });

  const slots: EventPageSlots = {
    isSignedIn: isAuthenticated,
    renderSignIn: ({ onSignedIn, onCancel }) => (
      <LazyInlineSignIn
        intro="Confirm your email to finish registering. Your answers are kept."
        onSignedIn={onSignedIn}
        onCancel={onCancel}
      />
    ),
    renderTicket: (code) => <LazyCheckInQr code={code} />,
    renderCancel: (registration) => (
      <LazyCancelRegistrationButton
        registrationId={registration.id}
        eventTitle={event.title}
        variant="ghost"
        className="-ml-3 text-muted-foreground"
        onCanceled={refreshEvent}
      />
    ),
    onRegistered: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  };

  return (
    <>
      <title>{event.title}</title>
      <EventPage
        event={event}
        descriptionHtml={descriptionHtml}
        slots={slots}
        checkout={
          search.checkout && search.order ? { orderId: search.order, outcome: search.checkout } : null
        }
      />
    </>
  );
}

function AccessGate({ gate }: { gate: NonNullable<Gate> }) {
  // With the sign-in form, the page is ready once the form's lazy code has hydrated it too.
  return gate.kind === "sign-in" ? <GateContent gate={gate} /> : <ReadyGateContent gate={gate} />;
}

function ReadyGateContent({ gate }: { gate: NonNullable<Gate> }) {
  usePageReady();
  return <GateContent gate={gate} />;
}

function GateContent({ gate }: { gate: NonNullable<Gate> }) {
  const router = useRouter();
  return (
    <div className={pageWidth("narrow", "grid gap-6 py-16 sm:py-24")}>
      <title>Members-only event · Commons</title>
      <div className="grid justify-items-center gap-3 text-center">
        <span className="grid size-11 place-items-center rounded-full bg-primary/12 text-primary">
          <LockIcon className="size-5" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">
          {gate.kind === "members-only" && gate.message ? gate.message : "This event is for members"}
        </h1>
        <p className="text-sm text-muted-foreground">
          {gate.kind === "sign-in"
            ? "Sign in first — if you're a member of the host community, the event appears right here."
            : "Join the community to see its members-only events."}
        </p>
      </div>
      {gate.kind === "sign-in" ? (
        <div className="rounded-xl border bg-card p-6 shadow-xs">
          <LazyInlineSignIn onSignedIn={() => router.invalidate()}>
            <PageReady />
          </LazyInlineSignIn>
        </div>
      ) : null}
    </div>
  );
}
