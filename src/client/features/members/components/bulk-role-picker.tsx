import { UserCogIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import type { Capability, CommunityRole, RoleChangeSkipReason } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf, plural } from "#client/lib/plural.ts";
import { useSetMemberRoles } from "../api/bulk-roles.ts";
import type { TagTarget } from "../api/members-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { ROLE_LABEL } from "../member-labels.ts";
import { assignableRoles } from "../member-roles.ts";
import { RoleSelect } from "./role-select.tsx";

const count = new Intl.NumberFormat();
const people = (n: number) => countOf(n, { one: "member", other: "members" });

const verb = (n: number) => plural(n, { one: "is", other: "are" });
const WHY: Record<RoleChangeSkipReason, (n: number) => string> = {
  UNCHANGED: (n) => `${count.format(n)} already had it`,
  FORBIDDEN: (n) => `${count.format(n)} ${verb(n)} not yours to change`,
  SELF: () => "your own membership",
  NOT_ACTIVE: (n) => `${count.format(n)} ${verb(n)} pending or banned`,
};

/** The result in words: who changed, and how many were left as they were and why. */
export function roleChangeSummary(
  role: CommunityRole,
  result: { changed: number; skipped: { reason: RoleChangeSkipReason }[] },
): string {
  const counts = new Map<RoleChangeSkipReason, number>();
  for (const s of result.skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const left = [...counts].map(([reason, n]) => WHY[reason](n));
  const head = `${people(result.changed)} now ${plural(result.changed, { one: "has", other: "have" })} the role ${ROLE_LABEL[role]}.`;
  return left.length > 0 ? `${head} Not changed: ${left.join(", ")}.` : head;
}

/** Changes the selection's role, offering only the roles the viewer may give. */
export function BulkRolePicker({
  communityId,
  target,
  capabilities,
}: {
  communityId: string;
  target: TagTarget;
  capabilities: readonly Capability[];
}) {
  const id = useId();
  const roles = assignableRoles(capabilities);
  const [role, setRole] = useState<CommunityRole>(roles[0] ?? "MEMBER");
  const setRoles = useSetMemberRoles(communityId);
  if (roles.length === 0) return null;
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setRoles.mutate(
          { target, role },
          {
            onSuccess: (result) =>
              notify(result.changed > 0 ? "success" : "info", roleChangeSummary(role, result)),
            onError: (error) => notify("error", memberErrorMessage(error, "Could not change the roles.")),
          },
        );
      }}
    >
      <Label htmlFor={`${id}-role`} className="sr-only">
        Role for the selected members
      </Label>
      <RoleSelect id={`${id}-role`} value={role} roles={roles} onChange={setRole} />
      <Button type="submit" size="sm" variant="outline" disabled={setRoles.isPending}>
        <UserCogIcon aria-hidden="true" /> Change role
      </Button>
    </form>
  );
}
