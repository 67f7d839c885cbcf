import { createFileRoute } from "@tanstack/react-router";
import { AddToCalendar } from "#client/features/event-page/components/add-to-calendar.tsx";
import { managedRegistrationQueryOptions } from "#client/features/registrations/api/managed-registration.ts";
import { ManagedRegistrationView } from "#client/features/registrations/components/managed-registration.tsx";
import { BrokenLinkPage, LinkPageLayout, loadLinkPage, useLinkData } from "./-link-page.tsx";

// The private link from a registration's mail: works without signing in.
export const Route = createFileRoute("/r/$token")({
  loader: ({ context, params }) => loadLinkPage(context, managedRegistrationQueryOptions(params.token)),
  component: ManagedRoute,
  notFoundComponent: BrokenLink,
});

function ManagedRoute() {
  const { queryClient } = Route.useLoaderData();
  return (
    <LinkPageLayout queryClient={queryClient}>
      <Managed />
    </LinkPageLayout>
  );
}

function Managed() {
  const { token } = Route.useParams();
  const registration = useLinkData(managedRegistrationQueryOptions(token));
  return (
    <ManagedRegistrationView
      token={token}
      registration={registration}
      renderCalendar={(event) => <AddToCalendar event={event} />}
    />
  );
}

function BrokenLink() {
  return (
    <BrokenLinkPage
      heading="This link doesn't work"
      hint="Copy the whole link from your registration email, or sign in to see your events."
      offerSignIn
    />
  );
}
