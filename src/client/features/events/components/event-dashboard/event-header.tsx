import { Link } from "@tanstack/react-router";
import { CopyIcon, ExternalLinkIcon, PencilIcon, ScanLineIcon, SendIcon } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { usePublishEvent } from "#client/features/events/api/event-mutations.ts";
import { copyPublicLink } from "#client/features/events/components/event-row-actions.tsx";
import { describeError } from "#client/features/events/error-message.ts";
import { EVENT_STATUS_BADGE, EVENT_STATUS_LABEL } from "#client/features/events/event-labels.ts";
import type { EventDetailQuery } from "#client/gql/graphql.ts";
import { differsFromViewer, viewerTimeZone } from "#client/lib/event-time.ts";
import { notify } from "#client/lib/notify.ts";
import { formatEventRange } from "#shared/event-time-format.ts";

type Event = EventDetailQuery["event"];

export function EventHeader({ event }: { event: Event }) {
  const viewerZone = viewerTimeZone();
  const showViewer = differsFromViewer(event.startsAt, event.timeZone);

  return (
    <header className="grid gap-5">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{event.title}</h1>
          <Badge variant={EVENT_STATUS_BADGE[event.status]}>{EVENT_STATUS_LABEL[event.status]}</Badge>
        </div>
        <p className="text-muted-foreground">
          <time dateTime={event.startsAt}>
            {formatEventRange(event.startsAt, event.endsAt, event.timeZone)}
          </time>
          {showViewer ? (
            <span className="block text-sm">
              Your time: {formatEventRange(event.startsAt, event.endsAt, viewerZone)}
            </span>
          ) : null}
        </p>
        {event.status === "CANCELED" && event.cancelMessage ? (
          <p className="text-sm text-destructive">Canceled: {event.cancelMessage}</p>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat
          label="Going"
          value={event.capacity == null ? `${event.goingCount}` : `${event.goingCount} / ${event.capacity}`}
          detail={[
            event.capacity == null ? "Unlimited" : `${Math.max(0, event.spotsLeft ?? 0)} left`,
            // Taken but not yet going: people in checkout or offered a seat from the waitlist.
            event.heldCount > 0 ? `${event.heldCount} held for payment` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        />
        <Stat
          label="Waitlist"
          value={String(event.waitlistCount)}
          detail={event.waitlistEnabled ? "On" : "Off"}
        />
        <Stat
          label="Pending"
          value={String(event.pendingCount)}
          detail={event.approvalRequired ? "Approval on" : "—"}
        />
        <Stat label="Checked in" value={`${event.checkedInCount}`} detail={`of ${event.goingCount} going`} />
        <Stat
          label="Ticket types"
          value={String(event.ticketTypes.length)}
          detail={pricing(event.ticketTypes)}
        />
      </dl>

      <div className="flex flex-wrap gap-2">
        {event.viewerCanManage ? <ManagerLinks event={event} /> : null}
        <a
          href={event.publicPath}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: "outline" })}
        >
          <ExternalLinkIcon aria-hidden="true" />{" "}
          {event.status === "DRAFT" ? "Preview public page" : "Public page"}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {event.status !== "DRAFT" ? (
          <Button variant="ghost" onClick={() => void copyPublicLink(event.id)}>
            <CopyIcon aria-hidden="true" /> Copy link
          </Button>
        ) : null}
      </div>
      {event.status === "DRAFT" && event.viewerCanManage ? (
        <p className="text-sm text-muted-foreground">
          This is a draft: only organizers can see it. Publish it to share its link, take registrations and
          check people in.
        </p>
      ) : null}
    </header>
  );
}

function ManagerLinks({ event }: { event: Event }) {
  const publish = usePublishEvent();

  async function handlePublish() {
    try {
      await publish.mutateAsync(event.id);
      notify("success", "Event published.");
    } catch (error) {
      notify(
        "error",
        describeError(error, "We couldn't publish the event. Edit it to check what is missing."),
      );
    }
  }

  return (
    <>
      {event.status === "DRAFT" ? (
        <Button onClick={() => void handlePublish()} disabled={publish.isPending}>
          <SendIcon aria-hidden="true" /> Publish
        </Button>
      ) : null}
      {event.status === "DRAFT" ? null : (
        <Link
          to="/dashboard/$communityId/events/$eventId/check-in"
          params={{ communityId: event.host.id, eventId: event.id }}
          className={buttonVariants()}
        >
          <ScanLineIcon aria-hidden="true" /> Check-in
        </Link>
      )}
      <Link
        to="/event/$eventId/edit"
        params={{ eventId: event.id }}
        className={buttonVariants({ variant: "outline" })}
      >
        <PencilIcon aria-hidden="true" /> Edit
      </Link>
    </>
  );
}

function pricing(ticketTypes: Event["ticketTypes"]): string {
  const paid = ticketTypes.filter((ticket) => (ticket.priceMinor ?? 0) > 0).length;
  if (paid === 0) return "Free";
  return paid === ticketTypes.length ? "Paid" : "Free and paid";
}

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border bg-card p-3 shadow-xs">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tracking-tight tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}
