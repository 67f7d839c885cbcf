import { createFileRoute } from "@tanstack/react-router";
import { subscriptionQueryOptions } from "#client/features/announcements/api/unsubscribe.ts";
import { UnsubscribePage } from "#client/features/announcements/components/unsubscribe-page.tsx";
import { BrokenLinkPage, LinkPageLayout, loadLinkPage, useLinkData } from "./-link-page.tsx";

// The unsubscribe link in an announcement mail: public, the signed token is the authority.
export const Route = createFileRoute("/unsubscribe/$token")({
  loader: ({ context, params }) => loadLinkPage(context, subscriptionQueryOptions(params.token)),
  component: UnsubscribeRoute,
  notFoundComponent: BrokenLink,
});

function UnsubscribeRoute() {
  const { queryClient } = Route.useLoaderData();
  return (
    <LinkPageLayout queryClient={queryClient}>
      <Unsubscribe />
    </LinkPageLayout>
  );
}

function Unsubscribe() {
  const { token } = Route.useParams();
  const subscription = useLinkData(subscriptionQueryOptions(token));
  return <UnsubscribePage token={token} subscription={subscription} />;
}

function BrokenLink() {
  return (
    <BrokenLinkPage
      heading="This unsubscribe link doesn't work"
      hint="Copy the whole link from the announcement email, or change your email choices on your profile."
    />
  );
}
