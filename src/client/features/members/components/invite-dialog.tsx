import { UserPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import type { CommunityRole, InviteResult } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { countOf } from "#client/lib/plural.ts";
import { useInviteMembers } from "../api/membership-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { splitEmails } from "../member-roles.ts";
import { RoleSelect } from "./role-select.tsx";

const RESULT_LABEL: Record<InviteResult, string> = {
  INVITED: "Invited",
  ALREADY_MEMBER: "Already a member",
  BANNED: "Banned",
  INVALID: "Not a valid address",
};

type Outcome = { email: string; result: InviteResult };

/** Paste many addresses, pick a role the viewer may grant, and see what happened to each. */
export function InviteDialog({ communityId, roles }: { communityId: string; roles: CommunityRole[] }) {
  const id = useId();
  const invite = useInviteMembers(communityId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [role, setRole] = useState<CommunityRole>(roles[0] ?? "MEMBER");
  const [error, setError] = useState<string>();
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const emails = splitEmails(text);
    if (emails.length === 0) {
      setError("Add at least one email address.");
      return;
    }
    setError(undefined);
    try {
      setOutcomes(await invite.mutateAsync({ emails, role }));
      setText("");
    } catch (failure) {
      setError(
        failure instanceof GraphQLRequestError && failure.code === "BAD_USER_INPUT"
          ? (failure.fields[0]?.message ?? failure.message)
          : memberErrorMessage(failure, "The invitations could not be sent."),
      );
    }
  }

  const invited = outcomes?.filter((o) => o.result === "INVITED").length ?? 0;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <UserPlusIcon aria-hidden="true" /> Invite people
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (invite.isPending) return;
          setOpen(next);
          if (!next) {
            setOutcomes(null);
            setError(undefined);
          }
        }}
        title="Invite people"
        description="Each address gets a link that signs them in and makes them a member. Links expire after 7 days."
      >
        {outcomes ? (
          <div className="grid gap-4">
            <p className="text-sm font-medium" role="status">
              {`${countOf(invited, { one: "invitation", other: "invitations" })} sent.`}
            </p>
            <ul aria-label="Invitation results" className="grid gap-1 text-sm">
              {outcomes.map((o) => (
                <li key={o.email} className="flex flex-wrap justify-between gap-2 border-b py-1.5">
                  <span className="break-all">{o.email}</span>
                  <span
                    className={cn(
                      "font-medium",
                      o.result === "INVITED"
                        ? "text-success"
                        : o.result === "ALREADY_MEMBER"
                          ? ""
                          : "text-destructive",
                    )}
                  >
                    {RESULT_LABEL[o.result]}
                  </span>
                </li>
              ))}
            </ul>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setOutcomes(null)}>
                Invite more
              </Button>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={handleSubmit} noValidate className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-emails`}>Email addresses</Label>
              <Textarea
                id={`${id}-emails`}
                rows={6}
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              />
              <FieldHint id={`${id}-hint`}>Separate them with commas, spaces or new lines.</FieldHint>
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-role`}>Role</Label>
              <RoleSelect id={`${id}-role`} value={role} roles={roles} onChange={setRole} />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={invite.isPending} onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? <Spinner label="Sending" /> : null}
                Send invitations
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
