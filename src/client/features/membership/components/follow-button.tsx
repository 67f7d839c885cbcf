import { BellIcon, BellOffIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { type CommunityPageData, useSetFollowing } from "#client/features/membership/api/community-page.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { brandButtonStyle } from "./brand-style.ts";
import type { JoinPanelSlots } from "./join-panel.tsx";

/**
 * "Subscribe": a mail whenever the community publishes a public event, without joining. A
 * signed-out visitor signs in right here, then is subscribed. Members get the button too: being
 * a member does not by itself send mail about new events.
 */
export function FollowButton({
  community,
  slots,
}: {
  community: CommunityPageData;
  slots: Pick<JoinPanelSlots, "isSignedIn" | "renderSignIn" | "onChanged">;
}) {
  const setFollowing = useSetFollowing(community.id);
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const following = slots.isSignedIn && community.viewerFollows;

  async function change(follow: boolean) {
    setError(null);
    try {
      await setFollowing.mutateAsync(follow);
      await slots.onChanged();
    } catch (caught) {
      setError(
        caught instanceof GraphQLRequestError ? caught.message : "That did not work. Please try again.",
      );
    }
  }

  return (
    <>
      <Button
        variant={following ? "outline" : "default"}
        style={following ? undefined : brandButtonStyle(community.brandColor)}
        aria-pressed={following}
        disabled={setFollowing.isPending}
        onClick={() => {
          if (!slots.isSignedIn) setSigningIn(true);
          else void change(!following);
        }}
      >
        {setFollowing.isPending ? (
          <Spinner label={following ? "Unsubscribing" : "Subscribing"} />
        ) : following ? (
          <BellOffIcon aria-hidden="true" />
        ) : (
          <BellIcon aria-hidden="true" />
        )}
        {following ? "Subscribed" : "Subscribe"}
      </Button>
      {error ? (
        <p role="alert" className="basis-full text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {/* In the page's wrapping row of actions: a line of its own, under the buttons. */}
      {signingIn ? (
        <div className="basis-full">
          <div className="max-w-md rounded-xl border bg-card p-4">
            {slots.renderSignIn({
              intro: `Confirm your email to get a mail whenever ${community.name} publishes an event.`,
              onSignedIn: async () => {
                setSigningIn(false);
                await change(true);
              },
              onCancel: () => setSigningIn(false),
            })}
          </div>
        </div>
      ) : null}
    </>
  );
}
