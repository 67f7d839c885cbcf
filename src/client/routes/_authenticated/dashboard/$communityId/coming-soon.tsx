import { createFileRoute } from "@tanstack/react-router";
import { SparklesIcon } from "lucide-react";
import { ComingSoonPanel } from "#client/components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/coming-soon")({
  component: ComingSoonPage,
});

function ComingSoonPage() {
  return (
    <ComingSoonPanel
      title="Coming soon"
      icon={SparklesIcon}
      summary="We're building more tools for running your community. Here is what is next on the list."
      plans={[
        "Events with RSVPs and tickets",
        "A member directory with roles and invitations",
        "Payments for memberships and events",
        "Helpful agents that take routine work off your plate",
      ]}
    />
  );
}
