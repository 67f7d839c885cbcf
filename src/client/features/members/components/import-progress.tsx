import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { MemberImportRejectReason, MemberImportStatus } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import { countOf } from "#client/lib/plural.ts";
import { importRunning, memberImportQueryOptions } from "../api/member-import-queries.ts";
import { memberKeys } from "../api/members-queries.ts";

const STATUS_TEXT: Record<MemberImportStatus, string> = {
  QUEUED: "Import waiting to start",
  RUNNING: "Importing members",
  DONE: "Import finished",
  FAILED: "Import stopped",
};

export const REASON_TEXT: Record<MemberImportRejectReason, string> = {
  INVALID_EMAIL: "Not a valid email address",
  MISSING_EMAIL: "No email address",
  DUPLICATE_IN_FILE: "Already earlier in the file",
  BANNED: "Banned from the community",
};

const numbers = new Intl.NumberFormat();

/** One import's progress, polled while it runs, then its counts, first rejected rows and report. */
export function ImportProgress({ importId, communityId }: { importId: string; communityId: string }) {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(memberImportQueryOptions(importId));
  const headingId = useId();
  const seenRunning = useRef(false);
  const status = data?.status;
  useEffect(() => {
    if (importRunning(status)) seenRunning.current = true;
    // The table only learns of the new members once the import has written them.
    else if (status && seenRunning.current)
      queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) });
  }, [status, communityId, queryClient]);

  if (isError) return <p role="alert">The import's progress could not be loaded.</p>;
  if (!data) return <Skeleton className="h-24 rounded-xl" />;
  const total = data.totalRows;
  const percent = total ? Math.min(100, Math.floor((data.rowsDone / total) * 100)) : 0;
  const finished = !importRunning(data.status);
  const counts = [
    ["Added", data.added],
    ["Invited", data.invited],
    ["Skipped", data.skipped],
    ["Rejected", data.rejected],
  ] as const;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="font-semibold">
        {STATUS_TEXT[data.status]}
      </h3>
      <div
        role="progressbar"
        aria-labelledby={headingId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.status === "DONE" ? 100 : percent}
        aria-valuetext={
          total === null
            ? "Counting rows"
            : `${numbers.format(data.rowsDone)} of ${countOf(total, { one: "row", other: "rows" })}`
        }
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] motion-reduce:transition-none",
            data.status === "FAILED" ? "bg-destructive" : "bg-primary",
          )}
          style={{ width: `${data.status === "DONE" ? 100 : percent}%` }}
        />
      </div>
      <p className="text-sm tabular-nums" aria-live="polite">
        {total === null
          ? "Counting the file's rows…"
          : `${numbers.format(data.rowsDone)} of ${countOf(total, { one: "row", other: "rows" })} done`}
      </p>
      <dl aria-label="Import counts" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{numbers.format(value)}</dd>
          </div>
        ))}
      </dl>
      {data.status === "FAILED" && data.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {data.error}
        </p>
      ) : null}
      {finished ? <Report data={data} /> : null}
    </section>
  );
}

type ReportData = {
  rejected: number;
  reportUrl: string;
  rejectedRows: { line: number; email: string; reason: MemberImportRejectReason }[];
};

function Report({ data }: { data: ReportData }) {
  return (
    <div className="grid gap-3">
      {data.rejectedRows.length > 0 ? (
        <section
          aria-label="Rejected rows list"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard.
          tabIndex={0}
          className="max-h-60 overflow-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rejected rows</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-2 py-1">
                  Line
                </th>
                <th scope="col" className="px-2 py-1">
                  Email
                </th>
                <th scope="col" className="px-2 py-1">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rejectedRows.map((row) => (
                <tr key={row.line} className="border-t">
                  <td className="px-2 py-1 tabular-nums">{row.line}</td>
                  <td className="px-2 py-1 break-all">{row.email}</td>
                  <td className="px-2 py-1">{REASON_TEXT[row.reason]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {data.rejected > data.rejectedRows.length ? (
        <p className="text-sm text-muted-foreground">
          The first {data.rejectedRows.length} of {numbers.format(data.rejected)} rejected rows; the report
          lists them all.
        </p>
      ) : null}
      <a
        href={data.reportUrl}
        download
        className="inline-flex w-fit items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DownloadIcon className="size-4" aria-hidden="true" /> Download report
      </a>
    </div>
  );
}
