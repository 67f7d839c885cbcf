import { createFileRoute } from "@tanstack/react-router";
import { ChartColumnIcon } from "lucide-react";
import { ComingSoonPanel } from "#client/components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/insights")({
  component: InsightsPage,
});

function InsightsPage() {
  return (
    <ComingSoonPanel
      title="Insights"
      icon={ChartColumnIcon}
      summary="Understand how your community grows and what people show up for — based on your real activity."
      plans={[
        "Member growth and retention over time",
        "Event attendance and no-show rates",
        "Revenue by month and by event",
        "Which channels bring new members in",
      ]}
    />
  );
}
