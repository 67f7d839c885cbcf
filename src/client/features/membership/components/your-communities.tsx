import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Badge } from "#client/components/ui/badge.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import {
  communityPageKeys,
  myMembershipsQueryOptions,
} from "#client/features/membership/api/community-page.ts";
import { ROLE_NAME } from "../role-names.ts";
import { AnnouncementEmailsSwitch } from "./announcement-emails-switch.tsx";
import { LeaveCommunityButton } from "./leave-community-button.tsx";

/** The communities the signed-in person belongs to, each with a way out (owners hand over first). */
export function YourCommunities({ onLeft }: { onLeft: () => Promise<unknown> }) {
  const { data: communities } = useSuspenseQuery(myMembershipsQueryOptions());
  const queryClient = useQueryClient();
  const afterLeaving = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: communityPageKeys.all }), onLeft()]);
  };
  return (
    <section aria-labelledby="your-communities-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="your-communities-title" className="text-xl font-semibold tracking-tight">
          Communities
        </h2>
        <p className="text-sm text-muted-foreground">The communities you're a member of.</p>
      </div>
      {communities.length === 0 ? (
        <p className="text-sm text-muted-foreground">You haven&apos;t joined a community yet.</p>
      ) : (
        <ul className="grid gap-3">
          {communities.map((community) => (
            <li
              key={community.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex min-w-0 items-center gap-3">
                <InitialsAvatar
                  name={community.name}
                  seed={community.id}
                  imageUrl={community.logoUrl}
                  size="md"
                />
                <div className="grid min-w-0 gap-0.5">
                  <Link
                    to="/c/$slug"
                    params={{ slug: community.slug }}
                    className="truncate font-medium hover:underline focus-visible:underline"
                  >
                    {community.name}
                  </Link>
                  <span className="flex items-center gap-2 text-sm text-muted-foreground">
                    {ROLE_NAME[community.viewerRole]}
                    <Badge variant="success">Active</Badge>
                  </span>
                </div>
              </div>
              {community.viewerAnnouncementEmails === null ? null : (
                <AnnouncementEmailsSwitch
                  communityId={community.id}
                  communityName={community.name}
                  subscribed={community.viewerAnnouncementEmails}
                />
              )}
              {community.viewerRole === "OWNER" ? (
                <p className="max-w-64 text-sm text-muted-foreground">
                  Transfer ownership before you can leave.
                </p>
              ) : (
                <LeaveCommunityButton
                  communityId={community.id}
                  communityName={community.name}
                  onLeft={afterLeaving}
                  variant="ghost"
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
