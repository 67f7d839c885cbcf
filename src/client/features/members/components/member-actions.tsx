import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { Capability, CommunityRole, MemberQuery } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import {
  useBanMember,
  useRemoveMember,
  useSetMemberRole,
  useTransferOwnership,
} from "../api/membership-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { ROLE_LABEL } from "../member-labels.ts";
import { assignableRoles, mayManageRole } from "../member-roles.ts";
import { RoleSelect } from "./role-select.tsx";

type Member = MemberQuery["member"];
type Confirming = "ban" | "remove" | "transfer";

type Props = {
  communityId: string;
  member: Member;
  capabilities: readonly Capability[];
  onClose: () => void;
  onCommunityChanged: () => void;
};

const CONFIRM: Record<Confirming, { title: string; body: (name: string) => string; action: string }> = {
  ban: {
    title: "Ban this member?",
    body: (name) => `${name} leaves the community and can't rejoin, ask to join or register for its events.`,
    action: "Ban",
  },
  remove: {
    title: "Remove this member?",
    body: (name) => `${name} leaves the community. They can join again the way anyone can.`,
    action: "Remove",
  },
  transfer: {
    title: "Transfer ownership?",
    body: (name) =>
      `${name} becomes the owner of this community and you become an admin. Only they can undo it.`,
    action: "Transfer ownership",
  },
};

/** Change role, ban, remove and transfer ownership: only what the viewer's capabilities allow. */
export function MemberActions({ communityId, member, capabilities, onClose, onCommunityChanged }: Props) {
  const id = useId();
  const setRole = useSetMemberRole(communityId);
  const ban = useBanMember(communityId);
  const remove = useRemoveMember(communityId);
  const transfer = useTransferOwnership(communityId);
  const [role, setRoleChoice] = useState<CommunityRole>(member.role);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [cancelRegistrations, setCancelRegistrations] = useState(true);
  const manageable = mayManageRole(capabilities, member.role);
  const roles = assignableRoles(capabilities);
  const mayTransfer =
    capabilities.includes("COMMUNITY_TRANSFER") && member.role !== "OWNER" && member.status === "ACTIVE";
  if (!manageable && !mayTransfer) return null;
  const busy = setRole.isPending || ban.isPending || remove.isPending || transfer.isPending;
  const name = member.person.name;

  const fail = (fallback: string) => (error: unknown) => notify("error", memberErrorMessage(error, fallback));

  function confirm() {
    if (confirming === "ban") {
      ban.mutate(
        { membershipId: member.id, cancelRegistrations },
        {
          onSuccess: () => {
            notify(
              "success",
              cancelRegistrations
                ? `${name} is banned and their registrations to upcoming events are canceled.`
                : `${name} is banned.`,
            );
            setConfirming(null);
          },
          onError: fail("The member could not be banned."),
        },
      );
    } else if (confirming === "remove") {
      remove.mutate(member.id, {
        onSuccess: () => {
          notify("success", `${name} was removed.`);
          setConfirming(null);
          onClose();
        },
        onError: fail("The member could not be removed."),
      });
    } else if (confirming === "transfer") {
      transfer.mutate(member.id, {
        onSuccess: () => {
          notify("success", `${name} is now the owner; you are an admin.`);
          setConfirming(null);
          onCommunityChanged();
        },
        onError: fail("Ownership could not be transferred."),
      });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 border-t pt-4">
      <h3 id={`${id}-heading`} className="font-medium">
        Actions
      </h3>
      {manageable && member.status === "ACTIVE" ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setRole.mutate(
              { membershipId: member.id, role },
              {
                onSuccess: () => {
                  notify("success", `${name} is now ${ROLE_LABEL[role].toLowerCase()}.`);
                  onCommunityChanged();
                },
                onError: fail("The role could not be changed."),
              },
            );
          }}
        >
          <div className="grid min-w-40 flex-1 gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <RoleSelect id={`${id}-role`} value={role} roles={roles} onChange={setRoleChoice} />
          </div>
          <Button type="submit" variant="outline" disabled={busy || role === member.role}>
            {setRole.isPending ? <Spinner label="Saving" /> : null}
            Change role
          </Button>
        </form>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {mayTransfer ? (
          <Button variant="outline" disabled={busy} onClick={() => setConfirming("transfer")}>
            Transfer ownership
          </Button>
        ) : null}
        {manageable && member.status !== "BANNED" ? (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              setCancelRegistrations(true);
              setConfirming("ban");
            }}
          >
            Ban
          </Button>
        ) : null}
        {manageable ? (
          <Button variant="destructive" disabled={busy} onClick={() => setConfirming("remove")}>
            Remove
          </Button>
        ) : null}
      </div>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(null);
        }}
        title={confirming ? CONFIRM[confirming].title : ""}
        description={confirming ? CONFIRM[confirming].body(name) : undefined}
      >
        {confirming === "ban" ? (
          <div className="grid gap-1">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={cancelRegistrations}
                disabled={busy}
                aria-describedby={`${id}-cancel-hint`}
                onChange={(event) => setCancelRegistrations(event.target.checked)}
              />
              Also cancel their registrations to upcoming events
            </label>
            <p id={`${id}-cancel-hint`} className="pl-6 text-sm text-muted-foreground">
              Their seats go to the waitlist and their check-in codes and online links stop working. Paid
              tickets are not refunded: refund them from Payments if you wish.
            </p>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={busy} onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={busy} onClick={confirm}>
            {busy ? <Spinner label="Working" /> : null}
            {confirming ? CONFIRM[confirming].action : ""}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
