import { createFileRoute } from "@tanstack/react-router";
import { CalendarPlusIcon } from "lucide-react";
import { ComingSoonPanel } from "../../../../components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/create-event")({
  component: CreateEventPage,
});

function CreateEventPage() {
  return (
    <ComingSoonPanel
      title="Create event"
      icon={CalendarPlusIcon}
      summary="A guided form for a new event: when and where, who can come and what it costs."
      plans={[
        "Pick a date and time in the community's time zone",
        "Set a capacity and an optional waitlist",
        "Choose free or paid tickets",
        "Preview the page members will see before publishing",
      ]}
    />
  );
}
