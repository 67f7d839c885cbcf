import { useNavigate } from "@tanstack/react-router";
import {
  CopyIcon,
  CopyPlusIcon,
  EllipsisVerticalIcon,
  ExternalLinkIcon,
  PencilIcon,
  SendIcon,
  XCircleIcon,
} from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import {
  useCancelEvent,
  useDuplicateEvent,
  usePublishEvent,
} from "#client/features/events/api/event-mutations.ts";
import { describeError } from "#client/features/events/error-message.ts";
import { publicEventUrl } from "#client/features/events/event-labels.ts";
import type { EventStatus } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { CancelEventDialog } from "./cancel-event-dialog.tsx";

type RowEvent = {
  id: string;
  title: string;
  status: EventStatus;
  goingCount: number;
  waitlistCount: number;
  pendingCount: number;
};

export async function copyPublicLink(eventId: string) {
  try {
    await navigator.clipboard.writeText(publicEventUrl(eventId));
    notify("success", "Public link copied.");
  } catch {
    notify("error", `Couldn't copy. The link is ${publicEventUrl(eventId)}`);
  }
}

export function EventRowActions({ event }: { event: RowEvent }) {
  const navigate = useNavigate();
  const [cancelOpen, setCancelOpen] = useState(false);
  const publish = usePublishEvent();
  const duplicate = useDuplicateEvent();
  const cancel = useCancelEvent();

  async function handleDuplicate() {
    try {
      const copy = await duplicate.mutateAsync(event.id);
      notify("success", "Draft copy created.");
      await navigate({ to: "/event/$eventId/edit", params: { eventId: copy.id } });
    } catch (error) {
      notify("error", describeError(error, "We couldn't duplicate the event."));
    }
  }

  async function handlePublish() {
    try {
      await publish.mutateAsync(event.id);
      notify("success", `“${event.title}” is published.`);
    } catch (error) {
      notify(
        "error",
        describeError(error, "We couldn't publish the event. Open it to check what is missing."),
      );
    }
  }

  async function handleCancel(message: string) {
    try {
      await cancel.mutateAsync({ id: event.id, message });
      notify("success", `“${event.title}” is canceled.`);
      return null;
    } catch (error) {
      return describeError(error, "We couldn't cancel the event. Please try again.");
    }
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${event.title}`}>
            <EllipsisVerticalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => void navigate({ to: "/event/$eventId/edit", params: { eventId: event.id } })}
          >
            <PencilIcon aria-hidden="true" /> Edit
          </DropdownMenuItem>
          <DropdownMenuItem disabled={duplicate.isPending} onSelect={() => void handleDuplicate()}>
            <CopyPlusIcon aria-hidden="true" /> Duplicate
          </DropdownMenuItem>
          {event.status === "DRAFT" ? (
            <DropdownMenuItem disabled={publish.isPending} onSelect={() => void handlePublish()}>
              <SendIcon aria-hidden="true" /> Publish
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          {event.status !== "DRAFT" ? (
            <DropdownMenuItem onSelect={() => void copyPublicLink(event.id)}>
              <CopyIcon aria-hidden="true" /> Copy public link
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem asChild>
            <a href={`/e/${event.id}`} target="_blank" rel="noopener">
              <ExternalLinkIcon aria-hidden="true" />
              {event.status === "DRAFT" ? "Preview public page" : "Open public page"}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </DropdownMenuItem>
          {event.status !== "CANCELED" ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                className="text-destructive data-[highlighted]:text-destructive"
                onSelect={() => setCancelOpen(true)}
              >
                <XCircleIcon aria-hidden="true" /> Cancel event…
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <CancelEventDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        eventTitle={event.title}
        registrants={event.goingCount + event.waitlistCount + event.pendingCount}
        onConfirm={handleCancel}
      />
    </>
  );
}
