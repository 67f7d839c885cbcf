import { createFileRoute } from "@tanstack/react-router";
import { followByTokenQueryOptions } from "#client/features/membership/api/community-page.ts";
import { UnfollowPage } from "#client/features/membership/components/unfollow-page.tsx";
import { BrokenLinkPage, LinkPageLayout, loadLinkPage, useLinkData } from "./-link-page.tsx";

// The unfollow link in a follower's mail: public, the signed token is the authority.
export const Route = createFileRoute("/unfollow/$token")({
  loader: ({ context, params }) => loadLinkPage(context, followByTokenQueryOptions(params.token)),
  component: UnfollowRoute,
  notFoundComponent: BrokenLink,
});

function UnfollowRoute() {
  const { queryClient } = Route.useLoaderData();
  return (
    <LinkPageLayout queryClient={queryClient}>
      <Unfollow />
    </LinkPageLayout>
  );
}

function Unfollow() {
  const { token } = Route.useParams();
  const follow = useLinkData(followByTokenQueryOptions(token));
  return <UnfollowPage token={token} follow={follow} />;
}

function BrokenLink() {
  return (
    <BrokenLinkPage
      heading="This link doesn't work"
      hint="Copy the whole link from the email, or unsubscribe on the community's page."
    />
  );
}
