import { pageWidth } from "#client/components/layout/page-width.ts";
import { Button } from "#client/components/ui/button.tsx";
import { useSetSubscription } from "#client/features/announcements/api/unsubscribe.ts";
import type { AnnouncementSubscriptionQuery } from "#client/gql/graphql.ts";

type Subscription = NonNullable<AnnouncementSubscriptionQuery["announcementSubscription"]>;

/**
 * The unsubscribe link of an announcement mail. Mail providers' one-click POST already turned
 * announcements off; a person opening the link decides here, without signing in.
 */
export function UnsubscribePage({ token, subscription }: { token: string; subscription: Subscription }) {
  const set = useSetSubscription(token);
  const { communityName, subscribed } = subscription;
  return (
    <div className={pageWidth("narrow", "grid gap-4 py-16 text-center sm:py-24")}>
      <title>{`Announcements from ${communityName} · Commons`}</title>
      <meta name="referrer" content="no-referrer" />
      <h1 className="text-2xl font-semibold tracking-tight">
        {subscribed ? `Announcements from ${communityName}` : "You are unsubscribed"}
      </h1>
      <p className="text-muted-foreground" role="status">
        {subscribed
          ? `You receive the announcements ${communityName}'s admins send to members.`
          : `You no longer receive announcements from ${communityName}. Mail about your own registrations still arrives.`}
      </p>
      {set.isError ? (
        <p role="alert" className="text-sm text-destructive">
          That did not work. Please try again.
        </p>
      ) : null}
      <Button
        className="mx-auto w-fit"
        variant={subscribed ? "default" : "outline"}
        disabled={set.isPending}
        onClick={() => set.mutate(!subscribed)}
      >
        {subscribed ? "Unsubscribe" : "Subscribe again"}
      </Button>
    </div>
  );
}
