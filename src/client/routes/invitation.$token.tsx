import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { InlineSignIn } from "#client/features/auth/components/inline-sign-in.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { invitationPreviewQueryOptions } from "#client/features/membership/api/invitation.ts";
import { InvitationPage } from "#client/features/membership/components/invitation-page.tsx";
import { BrokenLinkPage, LinkPageLayout, loadLinkPage, useLinkData } from "./-link-page.tsx";

// The link in an invitation mail: public, since the invited person may not have an account yet.
export const Route = createFileRoute("/invitation/$token")({
  loader: ({ context, params }) => loadLinkPage(context, invitationPreviewQueryOptions(params.token)),
  component: InvitationRoute,
  notFoundComponent: BrokenLink,
});

function InvitationRoute() {
  const { queryClient } = Route.useLoaderData();
  const { user } = useAuth();
  return (
    <LinkPageLayout queryClient={queryClient} end={user ? <UserMenu /> : null}>
      <Invitation />
    </LinkPageLayout>
  );
}

function Invitation() {
  const { token } = Route.useParams();
  const invitation = useLinkData(invitationPreviewQueryOptions(token));
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <InvitationPage
      token={token}
      invitation={invitation}
      viewerEmail={user?.email ?? null}
      onSignOut={signOut}
      renderSignIn={({ email, onSignedIn }) => (
        <InlineSignIn
          email={email}
          intro="Sign in with this address to accept. New to Commons? The code creates your account."
          nameHint="Other members see this name."
          onSignedIn={onSignedIn}
        />
      )}
      onAccepted={(communityId) => navigate({ to: "/dashboard/$communityId", params: { communityId } })}
    />
  );
}

function BrokenLink() {
  return (
    <BrokenLinkPage
      heading="This invitation link doesn't work"
      hint="Copy the whole link from your invitation email. If it was sent again, only the newest link works."
      offerSignIn
    />
  );
}
