import { createFileRoute } from "@tanstack/react-router";
import { CalendarCogIcon } from "lucide-react";
import { AppHeaderLayout } from "../../components/layout/app-header-layout.tsx";
import { ComingSoonPanel } from "../../components/layout/coming-soon-panel.tsx";
import { UserMenu } from "../../features/auth/components/user-menu.tsx";

export const Route = createFileRoute("/_authenticated/event/$eventId/edit")({
  component: EditEventPage,
});

function EditEventPage() {
  return (
    <AppHeaderLayout end={<UserMenu />}>
      <ComingSoonPanel
        title="Edit event"
        icon={CalendarCogIcon}
        summary="Editing events arrives together with events themselves."
        plans={[
          "Change the date, place and description",
          "Adjust capacity and tickets",
          "Notify attendees about changes",
          "Cancel an event and refund tickets",
        ]}
      />
    </AppHeaderLayout>
  );
}
