import { MailIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { Button } from "#client/components/ui/button.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useAcceptInvitation } from "#client/features/membership/api/invitation.ts";
import type { CommunityRole, InvitationPreviewQuery } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";

type Invitation = NonNullable<InvitationPreviewQuery["invitation"]>;

const AS_ROLE: Record<CommunityRole, string> = {
  OWNER: "as the owner",
  ADMIN: "as an admin",
  ORGANIZER: "as an organizer",
  MEMBER: "as a member",
};

const CLOSED: Record<Exclude<Invitation["status"], "PENDING">, { title: string; body: string }> = {
  EXPIRED: {
    title: "This invitation has expired",
    body: "Invitations work for seven days. Ask the person who invited you to send a new one.",
  },
  ACCEPTED: {
    title: "This invitation was already used",
    body: "Each invitation works once. If it was you, sign in to find the community among yours.",
  },
  REVOKED: {
    title: "This invitation was withdrawn",
    body: "The community's admins took it back. Ask them for a new one if you still want to join.",
  },
};

/**
 * What an invitation link shows: the community, the role, and the way to accept it. Signed-out
 * people sign in (or up) in place with the invited address, and the invitation is accepted at once.
 */
export function InvitationPage({
  token,
  invitation,
  viewerEmail,
  renderSignIn,
  onSignOut,
  onAccepted,
}: {
  token: string;
  invitation: Invitation;
  /** The signed-in person's address, or null for a visitor. */
  viewerEmail: string | null;
  renderSignIn: (props: { email: string; onSignedIn: () => Promise<unknown> }) => ReactNode;
  onSignOut: () => Promise<unknown>;
  onAccepted: (communityId: string) => Promise<unknown>;
}) {
  const accept = useAcceptInvitation(token);
  // Signing in refreshes the session half-way through the inline form (a new person still names
  // themselves after the code): the form stays until it is done, whatever the session says.
  const [signingIn, setSigningIn] = useState(viewerEmail === null);
  const { community } = invitation;
  const closed = invitation.status === "PENDING" ? null : CLOSED[invitation.status];
  const wrongAccount = viewerEmail !== null && viewerEmail.toLowerCase() !== invitation.email.toLowerCase();
  const error =
    accept.error instanceof GraphQLRequestError
      ? accept.error.message
      : accept.error
        ? "We couldn't accept the invitation. Please try again."
        : null;

  async function acceptNow() {
    const membership = await accept.mutateAsync().catch(() => null);
    if (membership) await onAccepted(membership.communityId);
  }

  return (
    <div className={pageWidth("narrow", "grid gap-6 py-16 sm:py-24")}>
      <title>{`Invitation to ${community.name} · Commons`}</title>
      <meta name="referrer" content="no-referrer" />
      <div className="grid justify-items-center gap-3 text-center">
        <InitialsAvatar name={community.name} seed={community.id} imageUrl={community.logoUrl} />
        <h1 className="text-2xl font-semibold tracking-tight">
          {closed ? closed.title : `Join ${community.name}`}
        </h1>
        <p className="text-sm text-muted-foreground">
          {closed ? closed.body : `You're invited to join ${community.name} ${AS_ROLE[invitation.role]}.`}
        </p>
      </div>
      {closed ? null : (
        <div className="grid gap-4 rounded-xl border bg-card p-6 shadow-xs">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MailIcon className="size-4 shrink-0" aria-hidden="true" />
            <span>
              Sent to <strong className="font-medium break-all text-foreground">{invitation.email}</strong>
            </span>
          </p>
          {signingIn || viewerEmail === null ? (
            renderSignIn({
              email: invitation.email,
              onSignedIn: async () => {
                setSigningIn(false);
                await acceptNow();
              },
            })
          ) : wrongAccount ? (
            <div className="grid gap-3">
              <p className="text-sm">
                You're signed in as <strong className="font-medium break-all">{viewerEmail}</strong>. Sign
                out, then sign in with {invitation.email} to accept.
              </p>
              <Button
                variant="outline"
                className="w-fit"
                onClick={async () => {
                  accept.reset();
                  setSigningIn(true);
                  await onSignOut();
                }}
              >
                Sign out
              </Button>
            </div>
          ) : (
            <Button className="w-fit" onClick={acceptNow} disabled={accept.isPending}>
              {accept.isPending ? <Spinner label="Accepting" /> : null}
              Accept invitation
            </Button>
          )}
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
