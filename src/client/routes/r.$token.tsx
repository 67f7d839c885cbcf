import { QueryClientProvider, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, notFound } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { AddToCalendar } from "#client/features/event-page/components/add-to-calendar.tsx";
import { managedRegistrationQueryOptions } from "#client/features/registrations/api/managed-registration.ts";
import { ManagedRegistrationView } from "#client/features/registrations/components/managed-registration.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

// The private link from a registration's mail: works without signing in.
export const Route = createFileRoute("/r/$token")({
  loader: async ({ context, params }) => {
    const queryClient = await context.loadQueryClient();
    try {
      await queryClient.ensureQueryData(managedRegistrationQueryOptions(params.token));
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === "NOT_FOUND") throw notFound();
      throw error;
    }
    return { queryClient };
  },
  component: ManagedRoute,
  notFoundComponent: BrokenLink,
});

function ManagedRoute() {
  const { queryClient } = Route.useLoaderData();
  return (
    <QueryClientProvider client={queryClient}>
      <AppHeaderLayout>
        <Managed />
      </AppHeaderLayout>
    </QueryClientProvider>
  );
}

function Managed() {
  const { token } = Route.useParams();
  const { data } = useSuspenseQuery(managedRegistrationQueryOptions(token));
  return (
    <ManagedRegistrationView
      token={token}
      registration={data}
      renderCalendar={(event) => <AddToCalendar event={event} />}
    />
  );
}

function BrokenLink() {
  return (
    <AppHeaderLayout>
      <div className={pageWidth("narrow", "grid gap-4 py-16 text-center")}>
        <title>Link not recognized · Commons</title>
        <meta name="referrer" content="no-referrer" />
        <h1 className="text-2xl font-semibold tracking-tight">This link doesn&apos;t work</h1>
        <p className="text-sm text-muted-foreground">
          Copy the whole link from your registration email, or sign in to see your events.
        </p>
        <Link to="/login" className={`${buttonVariants({ variant: "outline" })} mx-auto w-fit`}>
          Sign in
        </Link>
      </div>
    </AppHeaderLayout>
  );
}
