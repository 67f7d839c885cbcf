import { createFileRoute } from "@tanstack/react-router";
import { UsersIcon } from "lucide-react";
import { ComingSoonPanel } from "#client/components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/members")({
  component: MembersPage,
});

function MembersPage() {
  return (
    <ComingSoonPanel
      title="Members"
      icon={UsersIcon}
      summary="Everyone in your community, in one searchable list that stays fast however large it grows."
      plans={[
        "Search and filter members by role, join date and activity",
        "Approve join requests and send invitations",
        "Give organizers and admins the roles they need",
        "Export your member list",
      ]}
    />
  );
}
