import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { BotIcon, MailIcon, SendIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import {
  announcementDraftsQueryOptions,
  announcementsQueryOptions,
  useDeleteAnnouncementDraft,
} from "../api/announcements-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { exactDate } from "../member-labels.ts";
import { ComposeAnnouncement, type ComposeDraft } from "./compose-announcement.tsx";

const count = new Intl.NumberFormat();

/** The announcements sent to members, newest first, and "Email members" for admins. */
export function AnnouncementsPanel({ communityId, canSend }: { communityId: string; canSend: boolean }) {
  const { data } = useSuspenseQuery(announcementsQueryOptions(communityId));
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ComposeDraft | undefined>(undefined);
  return (
    <section aria-labelledby="announcements-heading" className="grid gap-4">
      {canSend ? (
        <Drafts
          communityId={communityId}
          onSend={(chosen) => {
            setDraft(chosen);
            setOpen(true);
          }}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="announcements-heading" className="text-lg font-semibold">
          Sent announcements
        </h2>
        {canSend ? (
          <Button
            onClick={() => {
              setDraft(undefined);
              setOpen(true);
            }}
          >
            <MailIcon aria-hidden="true" /> Email members
          </Button>
        ) : null}
      </div>
      {data.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          No announcements yet. Email all members or a saved segment; each mail has an unsubscribe link.
        </p>
      ) : (
        <ul aria-label="Sent announcements" className="grid divide-y rounded-xl border">
          {data.map((a) => (
            <li key={a.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="grid gap-0.5">
                <p className="font-medium">{a.subject}</p>
                <p className="text-sm text-muted-foreground">
                  {a.audienceLabel}
                  {a.sentByName ? ` · by ${a.sentByName}` : ""} · {exactDate.format(new Date(a.sentAt))}
                </p>
              </div>
              <p className="grid text-sm tabular-nums sm:text-right">
                <span>{countOf(a.recipientCount, { one: "recipient", other: "recipients" })}</span>
                <span className="text-muted-foreground">
                  {count.format(a.deliveredCount)} delivered
                  {a.failedCount > 0 ? (
                    <span className="font-medium text-destructive">
                      {" "}
                      · {count.format(a.failedCount)} failed
                    </span>
                  ) : null}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {canSend ? (
        <ComposeAnnouncement
          key={draft?.id ?? "new"}
          communityId={communityId}
          open={open}
          onOpenChange={setOpen}
          draft={draft}
        />
      ) : null}
    </section>
  );
}

/** Announcements agents drafted for an admin: each opens in the compose dialog to be sent, or goes. */
function Drafts({ communityId, onSend }: { communityId: string; onSend: (draft: ComposeDraft) => void }) {
  const { data } = useQuery(announcementDraftsQueryOptions(communityId));
  const remove = useDeleteAnnouncementDraft(communityId);
  if (!data || data.length === 0) return null;
  return (
    <div className="grid gap-3">
      <h2 id="announcement-drafts-heading" className="text-lg font-semibold">
        Drafts to send
      </h2>
      <ul aria-labelledby="announcement-drafts-heading" className="grid divide-y rounded-xl border">
        {data.map((d) => (
          <li key={d.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="grid gap-0.5">
              <p className="font-medium">{d.subject}</p>
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                {d.fromAgent ? <BotIcon aria-hidden="true" className="size-4" /> : null}
                {d.fromAgent ? "Drafted by an agent" : "Draft"} · {exactDate.format(new Date(d.createdAt))}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={() => onSend({ id: d.id, subject: d.subject, body: d.body })}
                aria-label={`Send “${d.subject}”`}
              >
                <SendIcon aria-hidden="true" /> Send
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                aria-label={`Delete the draft “${d.subject}”`}
                onClick={async () => {
                  try {
                    await remove.mutateAsync(d.id);
                    notify("success", "Draft deleted.");
                  } catch (failure) {
                    notify("error", memberErrorMessage(failure, "The draft could not be deleted."));
                  }
                }}
              >
                <Trash2Icon aria-hidden="true" /> Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
