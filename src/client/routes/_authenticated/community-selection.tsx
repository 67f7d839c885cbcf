import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { myCommunitiesQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunityPicker } from "#client/features/communities/components/community-picker.tsx";

export const Route = createFileRoute("/_authenticated/community-selection")({
  loader: ({ context }) => context.queryClient.ensureQueryData(myCommunitiesQueryOptions()),
  component: CommunitySelectionPage,
});

function CommunitySelectionPage() {
  const { data: communities } = useSuspenseQuery(myCommunitiesQueryOptions());
  const { user } = Route.useRouteContext();
  return (
    <AppHeaderLayout end={<UserMenu />}>
      <title>Your communities · Commons</title>
      <div className={pageWidth("wide", "py-10 sm:py-14")}>
        <div className="mb-8 grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {communities.length === 0 ? `Welcome, ${user.name.split(" ")[0]}` : "Your communities"}
          </h1>
          <p className="text-muted-foreground">
            {communities.length === 0
              ? "You're not part of any community yet."
              : "Pick a community to open its dashboard."}
          </p>
        </div>
        <CommunityPicker communities={communities} />
      </div>
    </AppHeaderLayout>
  );
}
