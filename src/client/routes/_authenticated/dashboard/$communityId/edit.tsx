import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunitySettings } from "#client/features/communities/components/settings/community-settings.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/edit")({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(communityQueryOptions(params.communityId)),
  component: EditCommunityPage,
});

function EditCommunityPage() {
  const { communityId } = Route.useParams();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return (
    <div className={pageWidth("text", "py-8 sm:py-10")}>
      <title>{`Settings · ${community.name} · Commons`}</title>
      <div className="mb-6 grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">How {community.name} looks and works.</p>
      </div>
      {/* Keyed by community: switching communities must not carry one's unsaved edits into another. */}
      <CommunitySettings key={community.id} community={community} />
    </div>
  );
}
