import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { ChevronDownIcon, DownloadIcon } from "lucide-react";
import { Fragment, type ReactNode, useId, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { eventRegistrationsQueryOptions } from "#client/features/events/api/events-queries.ts";
import {
  isRegistrationStatus,
  REGISTRATION_STATUS_LABEL,
  REGISTRATION_STATUSES,
} from "#client/features/events/event-labels.ts";
import type { EventRegistrationsQuery, RegistrationStatus } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { MessageRegistrantsDialog } from "./message-registrants-dialog.tsx";
import { RegistrationActions } from "./registration-actions.tsx";
import { RegistrationStatusCell } from "./registration-status-cell.tsx";

export type RegistrationRowData = EventRegistrationsQuery["eventRegistrations"]["nodes"][number];
type Registration = RegistrationRowData;

export type RegistrationsFilter = { status?: RegistrationStatus; ticket?: string; q?: string };

const selectClass =
  "h-10 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40";

const cell = "px-3 py-2.5 max-md:block max-md:p-0";
/** On a phone the column header is not shown, so the cell names itself. */
const labelled =
  "max-md:before:mr-1 max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)_':']";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

export function csvExportHref(eventId: string, filter: RegistrationsFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.ticket) params.set("ticketTypeId", filter.ticket);
  if (filter.q) params.set("search", filter.q);
  const query = params.toString();
  return `/api/events/${encodeURIComponent(eventId)}/registrations.csv${query ? `?${query}` : ""}`;
}

export function RegistrationsTable({
  eventId,
  timeZone,
  isDraft,
  ticketTypes,
  filter,
  onFilterChange,
  rowAction,
}: {
  eventId: string;
  /** The event's time zone: deadlines read in it, as its mails say them. */
  timeZone: string;
  /** Nobody can register for a draft, so there is no link to share yet. */
  isDraft: boolean;
  ticketTypes: readonly { id: string; name: string }[];
  filter: RegistrationsFilter;
  onFilterChange: (next: RegistrationsFilter) => void;
  /** More for a row, from another feature (payments: "Refund"), put in by the route. */
  rowAction?: (row: RegistrationRowData) => ReactNode;
}) {
  const id = useId();
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    eventRegistrationsQueryOptions(eventId, {
      status: filter.status,
      ticketTypeId: filter.ticket,
      search: filter.q,
    }),
  );
  const rows = data.pages.flatMap((page) => page.nodes);
  const total = data.pages[0]?.totalCount ?? rows.length;
  const ticketType = ticketTypes.find((ticket) => ticket.id === filter.ticket);
  const filtered = Boolean(filter.status || filter.ticket || filter.q);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Registrations <span className="font-normal text-muted-foreground">({total})</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <MessageRegistrantsDialog eventId={eventId} status={filter.status} ticketType={ticketType} />
          <a
            href={csvExportHref(eventId, filter)}
            download
            className={buttonVariants({ variant: "outline" })}
          >
            <DownloadIcon aria-hidden="true" /> Export CSV
          </a>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <SearchField
          id={`${id}-search`}
          label="Search by name or email"
          value={filter.q ?? ""}
          onSearch={(q) => onFilterChange({ ...filter, q: q || undefined })}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`} className="sr-only">
            Status
          </Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={filter.status ?? ""}
            onChange={(event) => {
              const value = event.target.value;
              onFilterChange({ ...filter, status: isRegistrationStatus(value) ? value : undefined });
            }}
          >
            <option value="">All statuses</option>
            {REGISTRATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REGISTRATION_STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </div>
        {ticketTypes.length > 1 ? (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-ticket`} className="sr-only">
              Ticket type
            </Label>
            <select
              id={`${id}-ticket`}
              className={selectClass}
              value={filter.ticket ?? ""}
              onChange={(event) => onFilterChange({ ...filter, ticket: event.target.value || undefined })}
            >
              <option value="">All ticket types</option>
              {ticketTypes.map((ticket) => (
                <option key={ticket.id} value={ticket.id}>
                  {ticket.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          {filtered
            ? "Nobody matches these filters."
            : isDraft
              ? "No registrations yet. Once the event is published, people can register on its public page."
              : "No registrations yet. Share the public link to get people in."}
        </p>
      ) : (
        <div className="rounded-xl border md:overflow-x-auto">
          {/* On a phone each row is a small card (labels come from data-label), so the actions need no sideways scroll. */}
          <table className="w-full text-sm max-md:block md:min-w-[48rem]">
            <caption className="sr-only">
              Registrations, {rows.length} of {total} shown
            </caption>
            <thead className="bg-muted/50 text-left text-muted-foreground max-md:sr-only">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Ticket
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Registered
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Checked in
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {rows.map((row) => (
                <RegistrationRow
                  key={row.id}
                  eventId={eventId}
                  timeZone={timeZone}
                  row={row}
                  action={rowAction?.(row)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner label="Loading more registrations" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function RegistrationRow({
  eventId,
  timeZone,
  row,
  action,
}: {
  eventId: string;
  timeZone: string;
  row: Registration;
  action: ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const answersId = `answers-${row.id}`;
  const answered = row.answers.filter((answer) => answer.values.length > 0);
  return (
    <Fragment>
      <tr
        className={cn(
          "border-t align-top max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-4 max-md:gap-y-1.5 max-md:p-3 max-md:first:border-t-0",
          expanded && "bg-muted/30",
        )}
      >
        <td className={cn(cell, "max-md:basis-full")}>
          <div className="font-medium">{row.person.name || "—"}</div>
          <div className="break-all text-muted-foreground">{row.person.email}</div>
          {answered.length > 0 ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={answersId}
              onClick={() => setExpanded((value) => !value)}
              className="mt-1 inline-flex items-center gap-1 rounded text-xs font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              <ChevronDownIcon
                aria-hidden="true"
                className={cn("size-3.5 transition-transform", expanded && "rotate-180")}
              />
              {expanded ? "Hide answers" : `Answers (${answered.length})`}
            </button>
          ) : null}
        </td>
        <td className={cell}>
          <RegistrationStatusCell row={row} timeZone={timeZone} />
        </td>
        <td
          className={cn(cell, labelled, "md:whitespace-nowrap", !row.ticketType && "max-md:hidden")}
          data-label="Ticket"
        >
          {row.ticketType?.name ?? "—"}
          {row.quantity > 1 ? <span className="text-muted-foreground"> × {row.quantity}</span> : null}
        </td>
        <td className={cn(cell, labelled, "whitespace-nowrap")} data-label="Registered">
          <time dateTime={row.createdAt}>{dateTime.format(new Date(row.createdAt))}</time>
        </td>
        <td
          className={cn(cell, labelled, "whitespace-nowrap", !row.checkedInAt && "max-md:hidden")}
          data-label="Checked in"
        >
          {row.checkedInAt ? (
            <time dateTime={row.checkedInAt}>{timeOnly.format(new Date(row.checkedInAt))}</time>
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </td>
        <td className={cn(cell, "max-md:basis-full")}>
          <RegistrationActions eventId={eventId} row={row} extra={action} />
        </td>
      </tr>
      {answered.length > 0 ? (
        <tr id={answersId} hidden={!expanded} className="bg-muted/30 max-md:block">
          <td colSpan={6} className="px-3 pb-3 max-md:block">
            <dl className="grid gap-2 sm:grid-cols-2">
              {answered.map((answer) => (
                <div key={answer.questionId} className="grid gap-0.5">
                  <dt className="text-xs text-muted-foreground">{answer.label}</dt>
                  <dd>{answer.values.join(", ")}</dd>
                </div>
              ))}
            </dl>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
