import { QueryClientProvider, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { subscriptionQueryOptions } from "#client/features/announcements/api/unsubscribe.ts";
import { UnsubscribePage } from "#client/features/announcements/components/unsubscribe-page.tsx";

// The unsubscribe link in an announcement mail: public, the signed token is the authority.
export const Route = createFileRoute("/unsubscribe/$token")({
  loader: async ({ context, params }) => {
    const queryClient = await context.loadQueryClient();
    const subscription = await queryClient.ensureQueryData(subscriptionQueryOptions(params.token));
    if (!subscription) throw notFound();
    return { queryClient };
  },
  component: UnsubscribeRoute,
  notFoundComponent: BrokenLink,
});

function UnsubscribeRoute() {
  const { queryClient } = Route.useLoaderData();
  return (
    <QueryClientProvider client={queryClient}>
      <AppHeaderLayout>
        <Unsubscribe />
      </AppHeaderLayout>
    </QueryClientProvider>
  );
}

function Unsubscribe() {
  const { token } = Route.useParams();
  const { data } = useSuspenseQuery(subscriptionQueryOptions(token));
  if (!data) throw notFound();
  return <UnsubscribePage token={token} subscription={data} />;
}

function BrokenLink() {
  return (
    <AppHeaderLayout>
      <div className={pageWidth("narrow", "grid gap-4 py-16 text-center")}>
        <title>Link not recognized · Commons</title>
        <meta name="referrer" content="no-referrer" />
        <h1 className="text-2xl font-semibold tracking-tight">This unsubscribe link doesn&apos;t work</h1>
        <p className="text-sm text-muted-foreground">
          Copy the whole link from the announcement email, or change your email choices on your profile.
        </p>
      </div>
    </AppHeaderLayout>
  );
}
