import { ChartColumnIcon, TableIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { cn } from "#client/lib/cn.ts";
import { CsvDownloadLink } from "./csv-download-link.tsx";

/**
 * A chart's frame: its title and what it shows, a switch between the chart and its table, and a
 * CSV download. An empty chart says what will appear and when, instead of drawing empty axes.
 */
export function ChartCard({
  title,
  description,
  csvHref,
  empty,
  chart,
  table,
  className,
}: {
  title: string;
  description?: ReactNode;
  /** Where the CSV of this chart downloads from; none hides the link. */
  csvHref?: string;
  /** What to say instead of the chart when there is nothing to show yet. */
  empty?: ReactNode;
  chart: () => ReactNode;
  table: () => ReactNode;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card className={cn("min-w-0", className)}>
      <section aria-labelledby={headingId} className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 id={headingId} className="text-base font-semibold leading-tight">
              {title}
            </h2>
            {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
          </div>
          {empty ? null : (
            <div className="flex items-center gap-1">
              <Button
                variant="ghost"
                size="sm"
                // The visible words start the name, so voice control finds the button by what it shows.
                aria-label={`${asTable ? "Show as chart" : "Show as table"}: ${title}`}
                onClick={() => setAsTable((value) => !value)}
              >
                {asTable ? <ChartColumnIcon aria-hidden="true" /> : <TableIcon aria-hidden="true" />}
                {asTable ? "Show as chart" : "Show as table"}
              </Button>
              {csvHref ? <CsvDownloadLink href={csvHref} label={title} /> : null}
            </div>
          )}
        </div>
        {empty ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        ) : asTable ? (
          table()
        ) : (
          chart()
        )}
      </section>
    </Card>
  );
}

/** The shape of a chart card while its data loads. */
export function ChartCardSkeleton({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    </Card>
  );
}
