import { useSuspenseQuery } from "@tanstack/react-query";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { notify } from "#client/lib/notify.ts";
import {
  invitationsQueryOptions,
  useResendInvitation,
  useRevokeInvitation,
} from "../api/membership-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { exactDate, ROLE_LABEL, shortDate, timeAgo } from "../member-labels.ts";

/** Invitations not yet accepted or revoked, with Resend and Revoke for those who may invite. */
export function InvitationsPanel({ communityId, canManage }: { communityId: string; canManage: boolean }) {
  const { data: invitations } = useSuspenseQuery(invitationsQueryOptions(communityId));
  const resend = useResendInvitation(communityId);
  const revoke = useRevokeInvitation(communityId);
  if (invitations.length === 0) {
    return (
      <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
        No pending invitations.
      </p>
    );
  }
  const busy = resend.isPending || revoke.isPending;
  return (
    <ul aria-label="Pending invitations" className="grid divide-y rounded-xl border">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
        >
          <div className="grid gap-0.5">
            <span className="font-medium break-all">{invitation.email}</span>
            <span className="text-muted-foreground">
              {ROLE_LABEL[invitation.role]} · sent{" "}
              <time dateTime={invitation.sentAt} title={exactDate.format(new Date(invitation.sentAt))}>
                {timeAgo(invitation.sentAt)}
              </time>{" "}
              · {invitation.status === "EXPIRED" ? "expired" : "expires"}{" "}
              <time dateTime={invitation.expiresAt}>{shortDate.format(new Date(invitation.expiresAt))}</time>
            </span>
          </div>
          <div className="flex items-center gap-2">
            {invitation.status === "EXPIRED" ? <Badge variant="outline">Expired</Badge> : null}
            {canManage ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Resend the invitation to ${invitation.email}`}
                  onClick={() =>
                    resend.mutate(invitation.id, {
                      onSuccess: () => notify("success", `Invitation sent again to ${invitation.email}.`),
                      onError: (error) => notify("error", memberErrorMessage(error, "Could not resend it.")),
                    })
                  }
                >
                  Resend
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onSuccess: () => notify("success", `Invitation to ${invitation.email} revoked.`),
                      onError: (error) => notify("error", memberErrorMessage(error, "Could not revoke it.")),
                    })
                  }
                >
                  Revoke
                </Button>
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
