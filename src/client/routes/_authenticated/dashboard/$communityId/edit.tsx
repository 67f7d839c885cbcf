import { createFileRoute } from "@tanstack/react-router";
import { SettingsIcon } from "lucide-react";
import { ComingSoonPanel } from "../../../../components/layout/coming-soon-panel.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/edit")({
  component: EditCommunityPage,
});

function EditCommunityPage() {
  return (
    <ComingSoonPanel
      title="Settings"
      icon={SettingsIcon}
      summary="Change how your community looks and works after you've created it."
      plans={[
        "Rename the community and edit its description",
        "Upload a logo",
        "Change visibility, join policy, time zone and currency",
        "Transfer ownership or archive the community",
      ]}
    />
  );
}
