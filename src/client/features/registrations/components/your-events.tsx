import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarXIcon, MapPinIcon, VideoIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import { Suspense, useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  type MyRegistration,
  myRegistrationsQueryOptions,
} from "#client/features/registrations/api/my-registrations.ts";
import { statusLabel, statusTone } from "#client/features/registrations/status-labels.ts";
import type { RegistrationTimeFilter } from "#client/gql/graphql.ts";
import { formatEventRange } from "#shared/event-time-format.ts";
import { CancelRegistrationButton } from "./cancel-registration-button.tsx";
import { CheckInQr } from "./check-in-qr.tsx";

const TABS: { value: RegistrationTimeFilter; label: string }[] = [
  { value: "UPCOMING", label: "Upcoming" },
  { value: "PAST", label: "Past" },
];

/** The signed-in person's registrations, upcoming and past, with their check-in codes. */
export function YourEvents() {
  const [when, setWhen] = useState<RegistrationTimeFilter>("UPCOMING");
  return (
    <section aria-labelledby="your-events-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="your-events-title" className="text-xl font-semibold tracking-tight">
            Your events
          </h2>
          <p className="text-sm text-muted-foreground">
            Events you registered for, with your check-in codes.
          </p>
        </div>
      </div>
      <Tabs.Root
        value={when}
        onValueChange={(value) => setWhen(value === "PAST" ? "PAST" : "UPCOMING")}
        className="grid gap-4"
      >
        <Tabs.List aria-label="Your events" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="outline-none">
            <Suspense fallback={<ListSkeleton />}>
              <RegistrationList when={tab.value} />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <Skeleton className="h-28 w-full rounded-xl" />
      <Skeleton className="h-28 w-full rounded-xl" />
    </div>
  );
}

function RegistrationList({ when }: { when: RegistrationTimeFilter }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    myRegistrationsQueryOptions(when),
  );
  const registrations = data.pages.flatMap((page) => page.nodes);
  const total = data.pages[0]?.totalCount ?? registrations.length;

  if (registrations.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
        <CalendarXIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{when === "UPCOMING" ? "No upcoming events" : "No past events yet"}</p>
        <p className="text-sm text-muted-foreground">
          {when === "UPCOMING"
            ? "When you register for an event, it shows up here with your check-in code."
            : "Events you registered for appear here once they're over."}
        </p>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <p className="sr-only" aria-live="polite">
        Showing {registrations.length} of {total}
      </p>
      <ul className="grid gap-3">
        {registrations.map((registration) => (
          <li key={registration.id}>
            <RegistrationCard registration={registration} upcoming={when === "UPCOMING"} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? <Spinner label="Loading more" /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}

function DateTile({ startsAt, timeZone }: { startsAt: string; timeZone: string }) {
  const date = new Date(startsAt);
  const month = new Intl.DateTimeFormat(undefined, { month: "short", timeZone }).format(date);
  const day = new Intl.DateTimeFormat(undefined, { day: "numeric", timeZone }).format(date);
  return (
    <div
      aria-hidden="true"
      className="grid size-12 shrink-0 grid-rows-[auto_1fr] overflow-hidden rounded-lg border text-center"
    >
      <span className="bg-muted py-0.5 text-[0.625rem] font-semibold tracking-wide text-muted-foreground uppercase">
        {month}
      </span>
      <span className="grid place-items-center text-lg leading-none font-semibold">{day}</span>
    </div>
  );
}

function RegistrationCard({ registration, upcoming }: { registration: MyRegistration; upcoming: boolean }) {
  const { event, status } = registration;
  const canceled = event.status === "CANCELED";
  const active = status === "GOING" || status === "WAITLISTED" || status === "PENDING";
  const showCode = upcoming && !canceled && status === "GOING" && registration.checkInCode;
  return (
    <article className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_auto] sm:p-5">
      <div className="flex min-w-0 gap-4">
        <DateTile startsAt={event.startsAt} timeZone={event.timeZone} />
        <div className="grid min-w-0 content-start gap-1.5">
          <h3 className="leading-snug font-semibold">
            <Link
              to="/e/$eventId"
              params={{ eventId: event.id }}
              className="rounded-sm underline-offset-4 hover:underline"
            >
              {event.title}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            <time dateTime={event.startsAt}>
              {formatEventRange(event.startsAt, event.endsAt, event.timeZone)}
            </time>
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            {event.venueName ? (
              <>
                <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="line-clamp-1">{event.venueName}</span>
              </>
            ) : event.hasOnlineLink ? (
              <>
                <VideoIcon className="size-3.5 shrink-0" aria-hidden="true" />
                <span>Online</span>
              </>
            ) : null}
            <span className="line-clamp-1">
              {event.venueName || event.hasOnlineLink ? " · " : ""}
              {event.host.name}
            </span>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {canceled ? (
              <Badge variant="destructive">Event canceled</Badge>
            ) : (
              <Badge variant={statusTone(status)}>{statusLabel(status, registration.waitlistPosition)}</Badge>
            )}
            {registration.checkedInAt ? <Badge variant="secondary">Checked in</Badge> : null}
            {registration.ticketType ? (
              <span className="text-xs text-muted-foreground">{registration.ticketType.name}</span>
            ) : null}
          </div>
          {upcoming && active && !canceled ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <Link
                to="/e/$eventId"
                params={{ eventId: event.id }}
                className={buttonVariants({ variant: "secondary", size: "sm" })}
              >
                View event
              </Link>
              {/* The seat was used at the door: canceling now would free a place that is taken. */}
              {registration.checkedInAt ? null : (
                <CancelRegistrationButton registrationId={registration.id} eventTitle={event.title} />
              )}
            </div>
          ) : null}
          {upcoming && !canceled && (status === "WAITLISTED" || status === "PENDING") ? (
            <p className="text-xs text-muted-foreground">
              Your check-in code appears here once you&apos;re going.
            </p>
          ) : null}
        </div>
      </div>
      {showCode ? (
        <CheckInQr code={registration.checkInCode ?? ""} size={160} className="sm:self-center" />
      ) : null}
    </article>
  );
}
