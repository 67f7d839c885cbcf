import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { DeleteAccountSection } from "#client/features/account/delete-account-section.tsx";
import { EmailSection } from "#client/features/account/email-section.tsx";
import { LinkedProvidersSection } from "#client/features/account/linked-providers-section.tsx";
import { PasskeysSection } from "#client/features/account/passkeys-section.tsx";
import { PhoneSection } from "#client/features/account/phone-section.tsx";
import { SecondFactorSection } from "#client/features/account/second-factor-section.tsx";
import { SessionsSection } from "#client/features/account/sessions-section.tsx";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { communityKeys } from "#client/features/communities/api/communities-queries.ts";
import {
  myJoinRequestsQueryOptions,
  myMembershipsQueryOptions,
} from "#client/features/membership/api/community-page.ts";
import { YourCommunities } from "#client/features/membership/components/your-communities.tsx";
import { YourJoinRequests } from "#client/features/membership/components/your-join-requests.tsx";
import { myPlanMembershipsQueryOptions } from "#client/features/plans/api/plans-queries.ts";
import { YourPlans } from "#client/features/plans/components/your-plans.tsx";
import { ProfileForm } from "#client/features/profile/components/profile-form.tsx";
import { myRegistrationsQueryOptions } from "#client/features/registrations/api/my-registrations.ts";
import { YourEvents } from "#client/features/registrations/components/your-events.tsx";
import { notify } from "#client/lib/notify.ts";
import { accountLabel } from "#shared/phone.ts";

export const Route = createFileRoute("/_authenticated/me")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureInfiniteQueryData(myRegistrationsQueryOptions("UPCOMING")),
      context.queryClient.ensureQueryData(myMembershipsQueryOptions()),
      context.queryClient.ensureQueryData(myJoinRequestsQueryOptions()),
      context.queryClient.ensureQueryData(myPlanMembershipsQueryOptions()),
    ]),
  component: ProfilePage,
});

function ProfilePage() {
  // The auth store, not the route context: it updates the page after a save without a navigation.
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;
  const afterDeletion = async () => {
    await navigate({ to: "/" });
    await refresh();
    queryClient.clear();
    notify("success", "Your account is deleted");
  };
  return (
    <AppHeaderLayout end={<UserMenu />}>
      <title>Your profile · Commons</title>
      <div className={pageWidth("text", "py-10 sm:py-14")}>
        <div className="mb-8 grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your profile</h1>
          <p className="text-muted-foreground">How you appear to people in your communities.</p>
        </div>
        <ProfileForm key={user.id} user={user} onSaved={refresh} />
        <section
          aria-labelledby="account-security-title"
          className="mt-14 grid grid-cols-[minmax(0,1fr)] gap-12 border-t pt-10"
        >
          <h2 id="account-security-title" className="sr-only">
            Account and security
          </h2>
          <EmailSection user={user} refresh={refresh} />
          <PhoneSection user={user} refresh={refresh} />
          <LinkedProvidersSection user={user} />
          <SecondFactorSection accountName={accountLabel(user)} phoneNumber={user.phoneNumber ?? null} />
          <PasskeysSection />
          <SessionsSection />
          <DeleteAccountSection user={user} onDeleted={afterDeletion} />
        </section>
        <div className="mt-14 border-t pt-10">
          <YourCommunities onLeft={() => queryClient.invalidateQueries({ queryKey: communityKeys.all })} />
          <div className="mt-6">
            <YourJoinRequests />
          </div>
        </div>
        <div className="mt-14 border-t pt-10">
          <YourPlans />
        </div>
        <div className="mt-14 border-t pt-10">
          <YourEvents />
        </div>
      </div>
    </AppHeaderLayout>
  );
}
