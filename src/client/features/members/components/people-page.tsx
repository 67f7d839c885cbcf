import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Tabs } from "radix-ui";
import { type ReactNode, Suspense, useState } from "react";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Capability } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { invitationsQueryOptions, joinRequestsQueryOptions } from "../api/membership-queries.ts";
import { assignableRoles } from "../member-roles.ts";
import type { MembersSearch } from "../search-params.ts";
import { AnnouncementsPanel } from "./announcements-panel.tsx";
import { CurrentImport, ImportDialog } from "./import-dialog.tsx";
import { InvitationsPanel } from "./invitations-panel.tsx";
import { InviteDialog } from "./invite-dialog.tsx";
import { JoinRequestsPanel } from "./join-requests-panel.tsx";
import { MembersPage } from "./members-page.tsx";

type Props = {
  communityId: string;
  search: MembersSearch;
  capabilities: readonly Capability[];
  onSearchChange: (next: MembersSearch) => void;
  /** Roles, ownership or pending requests changed: the community's own data must be read again. */
  onCommunityChanged: () => void;
  /** A member's payments in their drawer, for those who manage payments. */
  memberPayments?: ((userId: string) => ReactNode) | undefined;
};

const tabClass = cn(
  "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground",
  "hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
  "data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
);

/** The members page: the table, the join-request queue and the invitations, with Invite people and Import. */
export function PeoplePage({
  communityId,
  search,
  capabilities,
  onSearchChange,
  onCommunityChanged,
  memberPayments,
}: Props) {
  const [tab, setTab] = useState("members");
  const canManage = capabilities.includes("MEMBERS_MANAGE");
  const roles = assignableRoles(capabilities);
  const requests = useInfiniteQuery(joinRequestsQueryOptions(communityId));
  const invitations = useQuery(invitationsQueryOptions(communityId));
  const pending = requests.data?.pages[0]?.totalCount;
  const invited = invitations.data?.length;
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs.List aria-label="Members views" className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="members" className={tabClass}>
            Members
          </Tabs.Trigger>
          <Tabs.Trigger value="requests" className={tabClass}>
            Join requests
            {pending ? <Count label={`${pending} pending`}>{pending}</Count> : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="invitations" className={tabClass}>
            Invitations
            {invited ? <Count label={`${invited} pending`}>{invited}</Count> : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="announcements" className={tabClass}>
            Announcements
          </Tabs.Trigger>
        </Tabs.List>
        {roles.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {canManage ? <ImportDialog communityId={communityId} roles={roles} /> : null}
            <InviteDialog communityId={communityId} roles={roles} />
          </div>
        ) : null}
      </div>
      {canManage ? <CurrentImport communityId={communityId} /> : null}
      <Tabs.Content value="members" className="outline-none">
        <MembersPage
          communityId={communityId}
          search={search}
          canManage={canManage}
          capabilities={capabilities}
          onSearchChange={onSearchChange}
          onCommunityChanged={onCommunityChanged}
          memberPayments={memberPayments}
        />
      </Tabs.Content>
      <Tabs.Content value="requests" className="outline-none">
        <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
          <JoinRequestsPanel communityId={communityId} canDecide={canManage} onDecided={onCommunityChanged} />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="invitations" className="outline-none">
        <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
          <InvitationsPanel communityId={communityId} canManage={canManage} />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="announcements" className="outline-none">
        <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
          <AnnouncementsPanel communityId={communityId} canSend={canManage} />
        </Suspense>
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Count({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className="rounded-full bg-primary px-1.5 text-xs tabular-nums text-primary-foreground">
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
