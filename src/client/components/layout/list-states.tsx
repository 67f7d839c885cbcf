import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { notify } from "#client/lib/notify.ts";

// The parts every filtered, paged table of the dashboard shares around its rows: how many match
// with the CSV export, the loading placeholder, the error with a retry, and "Load more".

const count = new Intl.NumberFormat();

/** "1,000+ payments match" (announced as it changes), and the export of what the table holds. */
export function ListSummary({
  total,
  capped,
  noun,
  filtered,
  csvHref,
}: {
  total: number;
  capped: boolean;
  /** Singular and plural. */
  noun: readonly [string, string];
  filtered: boolean;
  /** Null: nothing to export. */
  csvHref: string | null;
}) {
  const one = total === 1 && !capped;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm font-medium" aria-live="polite">
        {count.format(total)}
        {capped ? "+" : ""} {one ? noun[0] : noun[1]}
        {filtered ? (one ? " matches" : " match") : ""}
      </p>
      {csvHref ? (
        <a href={csvHref} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <DownloadIcon aria-hidden="true" /> Export {filtered ? "filtered" : "all"} to CSV
        </a>
      ) : null}
    </div>
  );
}

/** Placeholder rows while a table's first page loads. */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      <Skeleton className="h-5 w-32" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} className="h-12 w-full rounded-lg" />
      ))}
    </div>
  );
}

/**
 * The error panel of a table's CatchBoundary: the server's reason and code (`messageOf`), and
 * "Try again", which asks for the list anew.
 */
export function ListError({
  error,
  reset,
  messageOf,
}: {
  error: unknown;
  reset: () => void;
  messageOf: (error: unknown) => string;
}) {
  const queries = useQueryErrorResetBoundary();
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center"
    >
      <p className="text-sm">{messageOf(error)}</p>
      <Button
        variant="outline"
        onClick={() => {
          queries.reset();
          reset();
        }}
      >
        Try again
      </Button>
    </div>
  );
}

/** "Load more" under a table while the server has more pages; a failure is told in a toast. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  loadingLabel,
  messageOf,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
  loadingLabel: string;
  messageOf: (error: unknown) => string;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        disabled={isFetchingNextPage}
        onClick={() =>
          void fetchNextPage().then((result) => {
            if (result.isError) notify("error", messageOf(result.error));
          })
        }
      >
        {isFetchingNextPage ? <Spinner label={loadingLabel} /> : null}
        Load more
      </Button>
    </div>
  );
}
