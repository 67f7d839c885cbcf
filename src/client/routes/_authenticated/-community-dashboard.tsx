import { type QueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { notFound, redirect } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { DashboardNav } from "#client/components/layout/dashboard-nav.tsx";
import { DashboardShell } from "#client/components/layout/dashboard-shell.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunitySwitcher } from "#client/features/communities/components/community-switcher.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

/** The community a dashboard screen belongs to, or the answer a person gets when they can't have it. */
export async function loadDashboardCommunity(queryClient: QueryClient, communityId: string) {
  try {
    return await queryClient.ensureQueryData(communityQueryOptions(communityId));
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
}

/**
 * The dashboard's frame of one community: its sidebar, switcher and menus. Screens under
 * /dashboard/{communityId} get it from their layout route; a screen of the community at another
 * address (an event's edit page) puts itself in it.
 */
export function CommunityDashboard({ communityId, children }: { communityId: string; children: ReactNode }) {
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
      nav={
        <DashboardNav
          communityId={community.id}
          pendingJoinRequests={community.pendingJoinRequests}
          agentBadgeCount={community.agentBadgeCount}
          capabilities={community.viewerCapabilities}
        />
      }
      userMenu={<UserMenu showName />}
      headerUserMenu={<UserMenu />}
    >
      {children}
    </DashboardShell>
  );
}
