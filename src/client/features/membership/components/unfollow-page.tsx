import { Link } from "@tanstack/react-router";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { useUnfollowByToken } from "#client/features/membership/api/community-page.ts";
import type { CommunityFollowByTokenQuery } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";

type Follow = NonNullable<CommunityFollowByTokenQuery["communityFollowByToken"]>;

/**
 * The unfollow link of a follower's mail. Mail providers' one-click POST has already unfollowed;
 * a person opening the link confirms here, without signing in (a link scanner's visit changes nothing).
 */
export function UnfollowPage({ token, follow }: { token: string; follow: Follow }) {
  const unfollow = useUnfollowByToken(token);
  const { communityName, communitySlug, following } = follow;
  return (
    <div className={pageWidth("narrow", "grid gap-4 py-16 text-center sm:py-24")}>
      <title>{`Events from ${communityName} · Commons`}</title>
      <meta name="referrer" content="no-referrer" />
      <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
        {following ? `Events from ${communityName}` : "You no longer follow this community"}
      </h1>
      <p className="text-muted-foreground wrap-anywhere" role="status">
        {following
          ? `You get a mail whenever ${communityName} publishes an event.`
          : `No more mail about new events from ${communityName}. You can subscribe again on its page.`}
      </p>
      {unfollow.isError ? (
        <p role="alert" className="text-sm text-destructive">
          That did not work. Please try again.
        </p>
      ) : null}
      {following ? (
        <Button className="mx-auto w-fit" disabled={unfollow.isPending} onClick={() => unfollow.mutate()}>
          Stop following
        </Button>
      ) : (
        <Link
          to="/c/$slug"
          params={{ slug: communitySlug }}
          className={cn(buttonVariants({ variant: "outline" }), "mx-auto w-fit")}
        >
          Go to {communityName}
        </Link>
      )}
    </div>
  );
}
