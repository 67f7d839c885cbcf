import type { ReactNode } from "react";
import { Card } from "#client/components/ui/card.tsx";

/** A card of the insights section: a heading, a line on what it shows, and its content. */
export function InsightsCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `insights-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card>
      <section aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 id={headingId} className="text-base font-semibold leading-tight">
              {title}
            </h2>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
