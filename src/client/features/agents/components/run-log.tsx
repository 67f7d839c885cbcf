import { useInfiniteQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ListSkeleton, LoadMore } from "#client/components/layout/list-states.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";
import { ColumnHeader, labelledCell, tableCell, tableRow } from "#client/components/ui/responsive-table.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import type { AgentRunFilter, AgentRunStatus } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { countOf } from "#client/lib/plural.ts";
import { agentRunsQueryOptions } from "../api/agent-runs-queries.ts";
import { agentErrorMessage } from "../error-message.ts";
import { formatDuration, formatWhen, RUN_STATUS_LABELS, RUN_STATUSES } from "../labels.ts";
import type { AgentSearch } from "../route-search.ts";
import { RunStatusBadge } from "./run-status-badge.tsx";

const isStatus = (value: string | undefined): value is AgentRunStatus =>
  RUN_STATUSES.includes(value as AgentRunStatus);

/** The URL's filters as the server's: a day's dates cover the whole day in the browser's zone. */
export function runFilterOf(search: AgentSearch): AgentRunFilter {
  const day = (value: string | undefined, plusDays: number) => {
    if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    const date = new Date(`${value}T00:00:00`);
    date.setDate(date.getDate() + plusDays);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  };
  return {
    ...(isStatus(search.status) ? { statuses: [search.status] } : {}),
    ...(search.q ? { search: search.q } : {}),
    ...(day(search.from, 0) ? { from: day(search.from, 0) } : {}),
    ...(day(search.to, 1) ? { to: day(search.to, 1) } : {}),
  };
}

/** Everything the agent did, newest first: filters, search, and one row per run that opens it. */
export function RunLog({
  agentId,
  search,
  onSearchChange,
  actions,
}: {
  agentId: string;
  search: AgentSearch;
  onSearchChange: (next: AgentSearch) => void;
  /** Buttons beside the heading that act on the whole log. */
  actions?: React.ReactNode;
}) {
  const id = useId();
  const filter = runFilterOf(search);
  const runs = useInfiniteQuery(agentRunsQueryOptions({ agentId }, filter));
  const rows = runs.data?.pages.flatMap((page) => page.nodes) ?? [];
  const total = runs.data?.pages[0]?.totalCount ?? 0;
  const filtered = Object.keys(filter).length > 0;
  const change = (patch: Partial<AgentSearch>) => onSearchChange({ ...search, ...patch, run: undefined });
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Run log
        </h2>
        {actions}
      </div>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchField
          id={`${id}-search`}
          label="Search runs by person or event"
          value={search.q ?? ""}
          onSearch={(q) => change({ q: q || undefined })}
        />
        <div>
          <label htmlFor={`${id}-status`} className="sr-only">
            Status
          </label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={isStatus(search.status) ? search.status : ""}
            onChange={(event) => change({ status: event.target.value || undefined })}
          >
            <option value="">Any status</option>
            {RUN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {RUN_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <DateFilter label="From" value={search.from} onChange={(from) => change({ from })} />
        <DateFilter label="To" value={search.to} onChange={(to) => change({ to })} />
      </div>
      {runs.isPending ? (
        <ListSkeleton label="Loading runs" rows={3} />
      ) : runs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {agentErrorMessage(runs.error, "The runs could not be loaded.")}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-8 text-center text-sm text-muted-foreground">
          {filtered
            ? "No run matches these filters."
            : "No runs yet. Runs appear here once the agent is on and something triggers it."}
        </p>
      ) : (
        <>
          <p className="text-sm font-medium" aria-live="polite">
            {countOf(total, { one: "run", other: "runs" })}
            {filtered ? (total === 1 ? " matches" : " match") : ""}
          </p>
          <div className="overflow-x-auto rounded-xl border">
            <table className="w-full text-sm">
              <thead className="bg-muted/50 text-left">
                <tr>
                  <ColumnHeader>When</ColumnHeader>
                  <ColumnHeader>Trigger</ColumnHeader>
                  <ColumnHeader>Status</ColumnHeader>
                  <ColumnHeader>Messages</ColumnHeader>
                  <ColumnHeader>Duration</ColumnHeader>
                </tr>
              </thead>
              <tbody>
                {rows.map((run) => (
                  <tr key={run.id} className={cn(tableRow, run.id === search.run && "bg-accent/40")}>
                    <td className={tableCell}>
                      <button
                        type="button"
                        className="rounded-sm text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        onClick={() => onSearchChange({ ...search, run: run.id })}
                      >
                        {formatWhen(run.createdAt)}
                      </button>
                    </td>
                    <td className={cn(tableCell, labelledCell)} data-label="Trigger">
                      {run.triggerSummary}
                      {run.subject || run.event ? (
                        <div className="text-muted-foreground">
                          {[run.subject?.name, run.event?.title].filter(Boolean).join(" · ")}
                        </div>
                      ) : null}
                    </td>
                    <td className={cn(tableCell, labelledCell)} data-label="Status">
                      <RunStatusBadge status={run.status} />
                      {run.undoneAt ? (
                        <Badge variant="outline" className="ml-1">
                          Undone
                        </Badge>
                      ) : null}
                    </td>
                    <td className={cn(tableCell, labelledCell, "tabular-nums")} data-label="Messages">
                      {run.messagesSent}
                    </td>
                    <td className={cn(tableCell, labelledCell, "tabular-nums")} data-label="Duration">
                      {formatDuration(run.durationMs)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            hasNextPage={runs.hasNextPage}
            isFetchingNextPage={runs.isFetchingNextPage}
            fetchNextPage={runs.fetchNextPage}
            loadingLabel="Loading more runs"
            messageOf={(error) => agentErrorMessage(error, "More runs could not be loaded.")}
          />
        </>
      )}
    </section>
  );
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}
