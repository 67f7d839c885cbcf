import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "#client/components/ui/button.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { memberDirectoryQueryOptions } from "../api/community-page.ts";
import { ROLE_NAME } from "../role-names.ts";

/** Who else belongs, by name, for members when the community shows its directory. */
export function MemberDirectory({ communityId }: { communityId: string }) {
  const directory = useInfiniteQuery(memberDirectoryQueryOptions(communityId));
  const people = directory.data?.pages.flatMap((page) => page.nodes) ?? [];
  const total = directory.data?.pages[0]?.totalCount ?? 0;
  return (
    <section aria-labelledby="directory-title" className="grid gap-3">
      <h2 id="directory-title" className="text-xl font-semibold tracking-tight">
        Members
      </h2>
      {directory.isPending ? (
        <Skeleton className="h-24 rounded-xl" />
      ) : directory.isError ? (
        <p role="alert" className="text-sm text-destructive">
          We couldn&apos;t load the members. Reload the page to try again.
        </p>
      ) : (
        <>
          <ul aria-label="Members" className="grid gap-2 sm:grid-cols-2">
            {people.map((person) => (
              <li key={person.id} className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-3">
                <InitialsAvatar name={person.name} seed={person.id} size="sm" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{person.name}</span>
                {person.role === "MEMBER" ? null : (
                  <span className="shrink-0 text-xs text-muted-foreground">{ROLE_NAME[person.role]}</span>
                )}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {people.length.toLocaleString()} of {total.toLocaleString()}
          </p>
          {directory.hasNextPage ? (
            <Button
              variant="outline"
              className="w-fit"
              disabled={directory.isFetchingNextPage}
              onClick={() => void directory.fetchNextPage()}
            >
              {directory.isFetchingNextPage ? <Spinner label="Loading" /> : null}
              Show more members
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
