import { keepPreviousData, useInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import {
  CheckCircle2Icon,
  CheckIcon,
  CircleAlertIcon,
  InfoIcon,
  ScanLineIcon,
  UndoIcon,
  XIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  eventQueryOptions,
  eventRegistrationsQueryOptions,
} from "#client/features/events/api/events-queries.ts";
import { useCheckInByCode } from "#client/features/events/api/registration-mutations.ts";
import { useRunRegistrationAction } from "#client/features/events/components/event-dashboard/registration-actions.tsx";
import { describeError } from "#client/features/events/error-message.ts";
import type { RegistrationStatus } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { QrScanner } from "./qr-scanner.tsx";

export const CHECK_IN_PAGE_SIZE = 20;

/**
 * The server keeps the first check-in time when a code is scanned again, so a time from before
 * this scan started means "already checked in". The margin absorbs clock drift between phone
 * and server.
 */
const ALREADY_MARGIN_MS = 5_000;

type Feedback =
  | { kind: "success"; name: string; detail: string }
  | { kind: "already"; name: string; detail: string }
  | { kind: "error"; message: string };

const timeOnly = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

export function checkInGoingFilter(search: string) {
  return { status: "GOING" as const, search: search || undefined };
}

export function CheckInView({ eventId }: { eventId: string }) {
  const id = useId();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  const [search, setSearch] = useState("");
  const [scanning, setScanning] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const byCode = useCheckInByCode(eventId);
  const results = useInfiniteQuery({
    ...eventRegistrationsQueryOptions(eventId, checkInGoingFilter(search), CHECK_IN_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const rows = results.data?.pages.flatMap((page) => page.nodes) ?? [];

  async function handleCode(code: string) {
    const startedAt = Date.now();
    try {
      const registration = await byCode.mutateAsync(code);
      const name = registration.person.name || registration.person.email;
      const ticket = registration.ticketType?.name ?? "";
      const checkedAt = registration.checkedInAt ? new Date(registration.checkedInAt) : null;
      if (checkedAt && checkedAt.getTime() < startedAt - ALREADY_MARGIN_MS) {
        setFeedback({
          kind: "already",
          name,
          detail: `Already checked in at ${timeOnly.format(checkedAt)}.`,
        });
      } else {
        setFeedback({ kind: "success", name, detail: ticket ? `Checked in · ${ticket}` : "Checked in" });
      }
      navigator.vibrate?.(60);
    } catch (error) {
      const message =
        error instanceof GraphQLRequestError && error.code === "INVALID_CODE"
          ? "This QR code isn't a ticket for this event."
          : describeError(error, "The check-in didn't go through. Try again or type the code below.");
      setFeedback({ kind: "error", message });
    }
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-3xl font-semibold tabular-nums" aria-live="polite">
          {event.checkedInCount}
          <span className="text-lg font-normal text-muted-foreground"> / {event.goingCount} checked in</span>
        </p>
        <Button
          size="lg"
          variant={scanning ? "outline" : "default"}
          className="h-12 text-base"
          aria-pressed={scanning}
          onClick={() => setScanning((value) => !value)}
        >
          {scanning ? <XIcon aria-hidden="true" /> : <ScanLineIcon aria-hidden="true" />}
          {scanning ? "Stop scanning" : "Scan QR code"}
        </Button>
      </div>

      {scanning ? <QrScanner paused={byCode.isPending} onCode={(code) => void handleCode(code)} /> : null}

      <FeedbackPanel feedback={feedback} pending={byCode.isPending} onDismiss={() => setFeedback(null)} />

      <SearchField
        id={`${id}-search`}
        label="Find a guest by name, email or check-in code"
        placeholder="Name, email or check-in code"
        value={search}
        onSearch={setSearch}
        large
        autoFocus={!scanning}
      />

      <section aria-label="Guests" aria-busy={results.isFetching} className="grid gap-2">
        {results.isPending ? (
          <Spinner label="Loading guests" />
        ) : results.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {describeError(results.error, "The guest list couldn't load. Check your connection.")}
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-8 text-center text-muted-foreground">
            {search ? `Nobody going matches “${search}”.` : "Nobody is going yet."} Only people who are going
            can be checked in.
          </p>
        ) : (
          <ul className="grid gap-2">
            {rows.map((row) => (
              <GuestRow key={row.id} eventId={eventId} row={row} />
            ))}
          </ul>
        )}
        {results.hasNextPage ? (
          <Button
            variant="outline"
            size="lg"
            onClick={() => void results.fetchNextPage()}
            disabled={results.isFetchingNextPage}
          >
            {results.isFetchingNextPage ? <Spinner label="Loading more guests" /> : null}
            Show more
          </Button>
        ) : null}
      </section>
    </div>
  );
}

type Guest = {
  id: string;
  status: RegistrationStatus;
  checkedInAt?: string | null;
  person: { name: string; email: string };
  ticketType?: { name: string } | null;
};

function GuestRow({ eventId, row }: { eventId: string; row: Guest }) {
  const { run, pending } = useRunRegistrationAction(eventId);
  const busy = pending?.id === row.id;
  const name = row.person.name || row.person.email;
  return (
    <li
      className={cn(
        "flex items-center gap-3 rounded-xl border p-3",
        row.checkedInAt ? "border-success/40 bg-success/5" : "bg-card",
      )}
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="line-clamp-1 text-base font-medium">{name}</span>
        <span className="line-clamp-1 text-sm text-muted-foreground">
          {[row.person.name ? row.person.email : undefined, row.ticketType?.name].filter(Boolean).join(" · ")}
        </span>
        {row.checkedInAt ? (
          <span className="text-sm text-success">
            Checked in at {timeOnly.format(new Date(row.checkedInAt))}
          </span>
        ) : null}
      </div>
      {row.checkedInAt ? (
        <Button
          variant="outline"
          size="none"
          className="h-12 px-4 text-base"
          disabled={busy}
          onClick={() => void run("undoCheckIn", row)}
        >
          {busy ? <Spinner label="Undoing" /> : <UndoIcon aria-hidden="true" />}
          Undo<span className="sr-only"> check-in of {name}</span>
        </Button>
      ) : (
        <Button
          size="none"
          className="h-12 px-5 text-base"
          disabled={busy}
          onClick={() => void run("checkIn", row)}
        >
          {busy ? <Spinner label="Checking in" /> : <CheckIcon aria-hidden="true" />}
          Check in<span className="sr-only"> {name}</span>
        </Button>
      )}
    </li>
  );
}

function FeedbackPanel({
  feedback,
  pending,
  onDismiss,
}: {
  feedback: Feedback | null;
  pending: boolean;
  onDismiss: () => void;
}) {
  return (
    <div role="status" aria-live="assertive" aria-atomic="true">
      {pending ? (
        <div className="flex items-center gap-3 rounded-xl border p-4">
          <Spinner label="Checking the code" /> <span>Checking the code…</span>
        </div>
      ) : feedback ? (
        <div
          className={cn(
            "flex items-start gap-3 rounded-xl border p-4",
            feedback.kind === "success" && "border-success/50 bg-success/10",
            feedback.kind === "already" && "border-amber-500/50 bg-amber-500/10",
            feedback.kind === "error" && "border-destructive/50 bg-destructive/10",
          )}
        >
          {feedback.kind === "success" ? (
            <CheckCircle2Icon aria-hidden="true" className="size-7 shrink-0 text-success" />
          ) : feedback.kind === "already" ? (
            <InfoIcon aria-hidden="true" className="size-7 shrink-0 text-amber-600" />
          ) : (
            <CircleAlertIcon aria-hidden="true" className="size-7 shrink-0 text-destructive" />
          )}
          <div className="grid flex-1 gap-0.5">
            {feedback.kind === "error" ? (
              <p className="text-lg font-semibold">{feedback.message}</p>
            ) : (
              <>
                <p className="text-lg font-semibold">{feedback.name}</p>
                <p>{feedback.detail}</p>
              </>
            )}
          </div>
          <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
