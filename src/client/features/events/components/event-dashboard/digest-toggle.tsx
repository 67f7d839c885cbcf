import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  registrationDigestQueryOptions,
  useSetRegistrationDigest,
} from "#client/features/events/api/digest.ts";
import { describeError } from "#client/features/events/error-message.ts";
import { notify } from "#client/lib/notify.ts";

/** The organizer's own daily mail of new registrations, for all of this community's events. */
export function DigestToggle({ communityId }: { communityId: string }) {
  const id = useId();
  const digest = useQuery(registrationDigestQueryOptions(communityId));
  const set = useSetRegistrationDigest(communityId);
  // The chosen value is held here from the click on: the mutation's own pending state arrives a
  // tick later, and a controlled checkbox would flip back in between.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const checked = choosing ?? Boolean(digest.data);

  async function toggle(enabled: boolean) {
    setChoosing(enabled);
    try {
      await set.mutateAsync(enabled);
      notify(
        "success",
        enabled ? "You'll get a daily mail of new registrations." : "Daily registrations mail turned off.",
      );
    } catch (error) {
      notify("error", describeError(error, "We couldn't change the daily mail. Try again."));
    } finally {
      setChoosing(null);
    }
  }

  return (
    <div className="flex items-start gap-3 rounded-lg border bg-card px-4 py-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        checked={checked}
        disabled={digest.isPending || choosing !== null}
        onChange={(event) => void toggle(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          Email me a daily digest of new registrations
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          One mail a day for all of this community&apos;s events, only when someone registered.
        </p>
      </div>
    </div>
  );
}
