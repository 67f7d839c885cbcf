import { type ReactNode, useId } from "react";
import { CsvDownloadLink } from "#client/components/charts/csv-download-link.tsx";
import { Card } from "#client/components/ui/card.tsx";

/** A card whose content is a table already (top events, the cohort heat map): a title, a CSV link, the table. */
export function TableCard({
  title,
  description,
  csvHref,
  empty,
  children,
}: {
  title: string;
  description: ReactNode;
  csvHref: string;
  empty?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId} className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 id={headingId} className="text-base font-semibold leading-tight">
              {title}
            </h2>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {empty ? null : <CsvDownloadLink href={csvHref} label={title} />}
        </div>
        {empty ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        ) : (
          children
        )}
      </section>
    </Card>
  );
}
