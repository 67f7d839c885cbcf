import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { communityKeys } from "#client/features/communities/api/communities-queries.ts";
import {
  myJoinRequestsQueryOptions,
  myMembershipsQueryOptions,
} from "#client/features/membership/api/community-page.ts";
import { YourCommunities } from "#client/features/membership/components/your-communities.tsx";
import { YourJoinRequests } from "#client/features/membership/components/your-join-requests.tsx";
import { ProfileForm } from "#client/features/profile/components/profile-form.tsx";
import { myRegistrationsQueryOptions } from "#client/features/registrations/api/my-registrations.ts";
import { YourEvents } from "#client/features/registrations/components/your-events.tsx";

export const Route = createFileRoute("/_authenticated/me")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureInfiniteQueryData(myRegistrationsQueryOptions("UPCOMING")),
      context.queryClient.ensureQueryData(myMembershipsQueryOptions()),
      context.queryClient.ensureQueryData(myJoinRequestsQueryOptions()),
    ]),
  component: ProfilePage,
});

function ProfilePage() {
  // The auth store, not the route context: it updates the page after a save without a navigation.
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  if (!user) return null;
  return (
    <AppHeaderLayout end={<UserMenu />}>
      <title>Your profile · Commons</title>
      <div className={pageWidth("text", "py-10 sm:py-14")}>
        <div className="mb-8 grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your profile</h1>
          <p className="text-muted-foreground">How you appear to people in your communities.</p>
        </div>
        <ProfileForm key={user.id} user={user} onSaved={refresh} />
        <div className="mt-14 border-t pt-10">
          <YourCommunities onLeft={() => queryClient.invalidateQueries({ queryKey: communityKeys.all })} />
          <div className="mt-6">
            <YourJoinRequests />
          </div>
        </div>
        <div className="mt-14 border-t pt-10">
          <YourEvents />
        </div>
      </div>
    </AppHeaderLayout>
  );
}
