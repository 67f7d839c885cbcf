import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckIcon, ChevronsUpDownIcon, LayoutGridIcon, PlusIcon } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { myCommunitiesQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { ROLE_LABEL } from "#client/features/communities/community-labels.ts";

type Current = {
  id: string;
  name: string;
  viewerRole: keyof typeof ROLE_LABEL;
  logoUrl?: string | null;
  brandColor?: string | null;
};

export function CommunitySwitcher({ current }: { current: Current }) {
  const { data: communities } = useQuery(myCommunitiesQueryOptions());
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent"
        aria-label={`Current community: ${current.name}. Switch community`}
      >
        <InitialsAvatar
          name={current.name}
          seed={current.id}
          size="md"
          imageUrl={current.logoUrl}
          color={current.brandColor}
        />
        <span className="grid min-w-0 flex-1 leading-tight">
          <span className="line-clamp-1 text-sm font-semibold">{current.name}</span>
          <span className="line-clamp-1 text-xs text-muted-foreground">{ROLE_LABEL[current.viewerRole]}</span>
        </span>
        <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Your communities</DropdownMenuLabel>
        <div className="max-h-72 overflow-y-auto">
          {(communities ?? [current]).map((community) => (
            <DropdownMenuItem key={community.id} asChild>
              <Link to="/dashboard/$communityId" params={{ communityId: community.id }}>
                <InitialsAvatar
                  name={community.name}
                  seed={community.id}
                  size="xs"
                  imageUrl={community.logoUrl}
                  color={community.brandColor}
                />
                <span className="flex-1 line-clamp-1">{community.name}</span>
                {community.id === current.id ? <CheckIcon aria-label="Current" /> : null}
              </Link>
            </DropdownMenuItem>
          ))}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/community-selection">
            <LayoutGridIcon aria-hidden="true" /> All communities
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/create-community">
            <PlusIcon aria-hidden="true" /> Create community
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
