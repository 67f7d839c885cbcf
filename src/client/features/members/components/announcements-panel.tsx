import { useSuspenseQuery } from "@tanstack/react-query";
import { MailIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { countOf } from "#client/lib/plural.ts";
import { announcementsQueryOptions } from "../api/announcements-queries.ts";
import { exactDate } from "../member-labels.ts";
import { ComposeAnnouncement } from "./compose-announcement.tsx";

const count = new Intl.NumberFormat();

/** The announcements sent to members, newest first, and "Email members" for admins. */
export function AnnouncementsPanel({ communityId, canSend }: { communityId: string; canSend: boolean }) {
  const { data } = useSuspenseQuery(announcementsQueryOptions(communityId));
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="announcements-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="announcements-heading" className="text-lg font-semibold">
          Sent announcements
        </h2>
        {canSend ? (
          <Button onClick={() => setOpen(true)}>
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
      {canSend ? <ComposeAnnouncement communityId={communityId} open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}
