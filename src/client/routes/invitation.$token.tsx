import { QueryClientProvider, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, notFound, useNavigate } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { InlineSignIn } from "#client/features/auth/components/inline-sign-in.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { invitationPreviewQueryOptions } from "#client/features/membership/api/invitation.ts";
import { InvitationPage } from "#client/features/membership/components/invitation-page.tsx";

// The link in an invitation mail: public, since the invited person may not have an account yet.
export const Route = createFileRoute("/invitation/$token")({
  loader: async ({ context, params }) => {
    const queryClient = await context.loadQueryClient();
    const invitation = await queryClient.ensureQueryData(invitationPreviewQueryOptions(params.token));
    if (!invitation) throw notFound();
    return { queryClient };
  },
  component: InvitationRoute,
  notFoundComponent: BrokenLink,
});

function InvitationRoute() {
  const { queryClient } = Route.useLoaderData();
  const { user } = useAuth();
  return (
    <QueryClientProvider client={queryClient}>
      <AppHeaderLayout end={user ? <UserMenu /> : null}>
        <Invitation />
      </AppHeaderLayout>
    </QueryClientProvider>
  );
}

function Invitation() {
  const { token } = Route.useParams();
  const { data } = useSuspenseQuery(invitationPreviewQueryOptions(token));
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!data) throw notFound();
  return (
    <InvitationPage
      token={token}
      invitation={data}
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
    <AppHeaderLayout>
      <div className={pageWidth("narrow", "grid gap-4 py-16 text-center")}>
        <title>Link not recognized · Commons</title>
        <meta name="referrer" content="no-referrer" />
        <h1 className="text-2xl font-semibold tracking-tight">This invitation link doesn&apos;t work</h1>
        <p className="text-sm text-muted-foreground">
          Copy the whole link from your invitation email. If it was sent again, only the newest link works.
        </p>
        <Link to="/login" className={`${buttonVariants({ variant: "outline" })} mx-auto w-fit`}>
          Sign in
        </Link>
      </div>
    </AppHeaderLayout>
  );
}
