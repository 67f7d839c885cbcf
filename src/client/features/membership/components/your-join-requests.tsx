import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Badge } from "#client/components/ui/badge.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import {
  communityPageKeys,
  myJoinRequestsQueryOptions,
} from "#client/features/membership/api/community-page.ts";
import { LeaveCommunityButton } from "./leave-community-button.tsx";

/** The person's own requests to join, while an admin has not decided them; each can be withdrawn. */
export function YourJoinRequests() {
  const { data: requests } = useSuspenseQuery(myJoinRequestsQueryOptions());
  const queryClient = useQueryClient();
  if (requests.length === 0) return null;
  const requested = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
  return (
    <section aria-labelledby="your-join-requests-title" className="grid gap-3">
      <h3 id="your-join-requests-title" className="text-base font-semibold">
        Waiting for approval
      </h3>
      <ul className="grid gap-3">
        {requests.map((request) => (
          <li
            key={request.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs"
          >
            <div className="flex min-w-0 items-center gap-3">
              <InitialsAvatar
                name={request.community.name}
                seed={request.community.id}
                imageUrl={request.community.logoUrl}
                size="md"
              />
              <div className="grid min-w-0 gap-0.5">
                <Link
                  to="/c/$slug"
                  params={{ slug: request.community.slug }}
                  className="truncate font-medium hover:underline focus-visible:underline"
                >
                  {request.community.name}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <span>
                    Requested{" "}
                    <time dateTime={request.requestedAt}>
                      {requested.format(new Date(request.requestedAt))}
                    </time>
                  </span>
                  <Badge variant="secondary">Pending</Badge>
                </span>
              </div>
            </div>
            <LeaveCommunityButton
              communityId={request.community.id}
              communityName={request.community.name}
              pending
              variant="ghost"
              onLeft={() => queryClient.invalidateQueries({ queryKey: communityPageKeys.all })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
