import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound, Outlet, redirect } from "@tanstack/react-router";
import { DashboardNav } from "#client/components/layout/dashboard-nav.tsx";
import { DashboardShell } from "#client/components/layout/dashboard-shell.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunitySwitcher } from "#client/features/communities/components/community-switcher.tsx";
import { rememberLastCommunityId } from "#client/features/communities/last-community.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId")({
  loader: async ({ context, params }) => {
    try {
      const community = await context.queryClient.ensureQueryData(communityQueryOptions(params.communityId));
      rememberLastCommunityId(community.id);
      return { name: community.name };
    } catch (error) {
      // The server answers NOT_FOUND for missing and foreign communities alike, so both read "Not Found".
      if (
        error instanceof GraphQLRequestError &&
        (error.code === "NOT_FOUND" || error.code === "BAD_USER_INPUT")
      ) {
        throw notFound();
      }
      // The operator requires owners of communities taking payments to turn on a second factor first.
      if (error instanceof GraphQLRequestError && error.code === "SECOND_FACTOR_REQUIRED") {
        throw redirect({ to: "/me", hash: "second-factor-heading", replace: true });
      }
      throw error;
    }
  },
  component: DashboardLayout,
});

function DashboardLayout() {
  const { communityId } = Route.useParams();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return (
    <DashboardShell
      title={community.name}
      titleLogo={
        community.logoUrl ? (
          <InitialsAvatar name={community.name} size="xs" imageUrl={community.logoUrl} />
        ) : null
      }
      switcher={<CommunitySwitcher current={community} />}
      nav={<DashboardNav communityId={community.id} pendingJoinRequests={community.pendingJoinRequests} />}
      userMenu={<UserMenu showName />}
      headerUserMenu={<UserMenu />}
    >
      <Outlet />
    </DashboardShell>
  );
}
