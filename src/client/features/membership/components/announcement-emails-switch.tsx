import { useId } from "react";
import { useSetMyAnnouncementEmails } from "#client/features/membership/api/community-page.ts";
import { notify } from "#client/lib/notify.ts";

/** The member's own choice to receive a community's announcements (the mails' unsubscribe link sets it too). */
export function AnnouncementEmailsSwitch({
  communityId,
  communityName,
  subscribed,
}: {
  communityId: string;
  communityName: string;
  subscribed: boolean;
}) {
  const id = useId();
  const set = useSetMyAnnouncementEmails(communityId);
  const checked = set.isPending && set.variables !== undefined ? set.variables : subscribed;
  return (
    <div className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        aria-label={`Announcements by email from ${communityName}`}
        className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-ring"
        checked={checked}
        disabled={set.isPending}
        onChange={(event) =>
          set.mutate(event.target.checked, {
            onSuccess: (result) =>
              notify(
                "success",
                result.subscribed
                  ? `You'll receive announcements from ${communityName}.`
                  : `No more announcements from ${communityName}.`,
              ),
            onError: () => notify("error", "Your choice could not be saved. Please try again."),
          })
        }
      />
      <label htmlFor={id}>Announcements by email</label>
    </div>
  );
}
