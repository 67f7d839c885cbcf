import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { SettingsSection } from "#client/components/layout/settings-section.tsx";
import { communityKeys } from "#client/features/communities/api/communities-queries.ts";
import { useDeleteCommunity } from "#client/features/communities/api/update-community.ts";
import { forgetLastCommunityId, readLastCommunityId } from "#client/features/communities/last-community.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { DeleteCommunityDialog } from "./delete-community-dialog.tsx";

export function DangerZoneSection({
  communityId,
  communityName,
}: {
  communityId: string;
  communityName: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteCommunity = useDeleteCommunity(communityId);

  async function handleDelete(confirmName: string): Promise<string | null> {
    try {
      await deleteCommunity.mutateAsync(confirmName);
    } catch (error) {
      if (error instanceof GraphQLRequestError) {
        if (error.code === "FORBIDDEN") return "Only the owner can delete this community.";
        const field = error.fields.find((item) => item.field === "confirmName");
        if (field) return field.message;
        if (error.code === "NETWORK_ERROR") return error.message;
      }
      return "We couldn't delete the community. Please try again.";
    }
    if (readLastCommunityId() === communityId) forgetLastCommunityId();
    await navigate({ to: "/community-selection", replace: true });
    queryClient.removeQueries({ queryKey: communityKeys.detail(communityId) });
    notify("success", `${communityName} was deleted.`);
    return null;
  }

  return (
    <SettingsSection
      anchor="danger-zone"
      title="Danger zone"
      description="Only the owner can do this, and it can't be undone."
      tone="danger"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="font-medium">Delete this community</h3>
          <p className="text-sm text-muted-foreground">
            Removes the community, its members, events and files for everyone.
          </p>
        </div>
        <DeleteCommunityDialog communityName={communityName} onDelete={handleDelete} />
      </div>
    </SettingsSection>
  );
}
