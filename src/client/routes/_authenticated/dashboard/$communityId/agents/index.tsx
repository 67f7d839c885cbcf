import { createFileRoute } from "@tanstack/react-router";
import { BotIcon } from "lucide-react";
import { ComingSoonPanel } from "#client/components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/agents/")({
  component: AgentsPage,
});

function AgentsPage() {
  return (
    <ComingSoonPanel
      title="Agents"
      icon={BotIcon}
      summary="Helpers that take routine work off your plate, always under your review."
      plans={[
        "Draft event announcements and reminders",
        "Welcome new members and answer common questions",
        "Summarize feedback after an event",
        "Flag members who may need a personal follow-up",
      ]}
    />
  );
}
