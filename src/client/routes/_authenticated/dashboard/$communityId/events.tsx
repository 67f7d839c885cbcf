import { createFileRoute } from "@tanstack/react-router";
import { CalendarDaysIcon } from "lucide-react";
import { ComingSoonPanel } from "../../../../components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/events")({
  component: EventsPage,
});

function EventsPage() {
  return (
    <ComingSoonPanel
      title="Events"
      icon={CalendarDaysIcon}
      summary="Plan gatherings, publish them to your members and see who is coming."
      plans={[
        "Create one-off and recurring events in your community's time zone",
        "Collect RSVPs and keep a waitlist when an event is full",
        "Sell tickets with the currency you chose for the community",
        "Check people in at the door and message attendees",
      ]}
    />
  );
}
