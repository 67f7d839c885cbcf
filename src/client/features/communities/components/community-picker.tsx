import { Link } from "@tanstack/react-router";
import { CalendarDaysIcon, PlusIcon, SearchIcon, SparklesIcon, UserPlusIcon, UsersIcon } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { formatMemberCount, ROLE_LABEL } from "#client/features/communities/community-labels.ts";
import type { MyCommunitiesQuery } from "#client/gql/graphql.ts";
import { markdownToText } from "#client/lib/markdown.ts";
import { countOf } from "#client/lib/plural.ts";
import { formatDateTime } from "#shared/event-time-format.ts";

type CommunitySummary = MyCommunitiesQuery["myCommunities"][number];

export function filterCommunities(communities: CommunitySummary[], query: string): CommunitySummary[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return communities;
  return communities.filter((community) => community.name.toLocaleLowerCase().includes(needle));
}

const COMMUNITIES = { one: "community", other: "communities" };

export function CommunityPicker({ communities }: { communities: CommunitySummary[] }) {
  const id = useId();
  const [query, setQuery] = useState("");
  if (communities.length === 0) return <NoCommunities />;
  const visible = filterCommunities(communities, query);

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={`${id}-search`} className="sr-only">
            Search your communities
          </Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-search`}
              type="search"
              placeholder="Search your communities"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              box="h-10 rounded-md py-2 pr-3 pl-9 text-sm shadow-xs"
            />
          </div>
        </div>
        <Link to="/create-community" className={buttonVariants()}>
          <PlusIcon aria-hidden="true" />
          Create community
        </Link>
      </div>
      <p className="sr-only" aria-live="polite">
        {visible.length === communities.length
          ? countOf(communities.length, COMMUNITIES)
          : `${visible.length} of ${countOf(communities.length, COMMUNITIES)} match`}
      </p>
      {visible.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          No community matches “{query.trim()}”.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {visible.map((community) => (
            <li key={community.id}>
              <Link
                to="/dashboard/$communityId"
                params={{ communityId: community.id }}
                className="group flex h-full items-start gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/40"
              >
                <InitialsAvatar
                  name={community.name}
                  seed={community.id}
                  size="lg"
                  imageUrl={community.logoUrl}
                  color={community.brandColor}
                />
                <span className="grid min-w-0 flex-1 gap-1">
                  <span className="flex items-start justify-between gap-2">
                    <span className="line-clamp-2 min-w-0 font-medium group-hover:text-foreground">
                      {community.name}
                    </span>
                    <Badge
                      variant={community.viewerRole === "MEMBER" ? "secondary" : "default"}
                      className="shrink-0"
                    >
                      {ROLE_LABEL[community.viewerRole]}
                    </Badge>
                  </span>
                  <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <UsersIcon className="size-3.5" aria-hidden="true" />
                    {formatMemberCount(community.memberCount)}
                  </span>
                  {community.nextEvent ? (
                    <span className="flex items-start gap-1.5 text-sm text-muted-foreground">
                      <CalendarDaysIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                      <span className="min-w-0">
                        Next: <span className="font-medium text-foreground">{community.nextEvent.title}</span>
                        {" · "}
                        <time dateTime={community.nextEvent.startsAt}>
                          {formatDateTime(community.nextEvent.startsAt, community.timeZone)}
                        </time>
                      </span>
                    </span>
                  ) : null}
                  {community.pendingJoinRequests ? (
                    <span className="flex items-center gap-1.5 text-sm font-medium text-primary">
                      <UserPlusIcon className="size-3.5" aria-hidden="true" />
                      {`${countOf(community.pendingJoinRequests, { one: "join request", other: "join requests" })} waiting`}
                    </span>
                  ) : null}
                  {community.description ? (
                    <span className="line-clamp-2 text-sm text-muted-foreground">
                      {markdownToText(community.description)}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NoCommunities() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed bg-card/50 px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-primary/12 text-primary">
        <SparklesIcon className="size-6" aria-hidden="true" />
      </div>
      <div className="grid max-w-md gap-2">
        <h2 className="text-lg font-semibold">Start your first community</h2>
        <p className="text-sm text-muted-foreground">
          A community is home for your people: events, members and payments all live there. It takes a minute
          to set up, and you can change everything later.
        </p>
      </div>
      <Link to="/create-community" className={buttonVariants({ size: "lg" })}>
        <PlusIcon aria-hidden="true" />
        Create a community
      </Link>
    </div>
  );
}
