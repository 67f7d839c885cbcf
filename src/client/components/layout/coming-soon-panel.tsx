import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { pageWidth } from "./page-width.ts";

type ComingSoonPanelProps = {
  title: string;
  icon: LucideIcon;
  summary: string;
  plans: string[];
  children?: ReactNode;
};

/** Honest placeholder for areas not built yet: says what will be here, shows no invented data. */
export function ComingSoonPanel({ title, icon: Icon, summary, plans, children }: ComingSoonPanelProps) {
  return (
    <div className={pageWidth("wide", "py-8 sm:py-10")}>
      <title>{`${title} · Commons`}</title>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <Badge variant="outline">Coming soon</Badge>
      </div>
      <section
        aria-labelledby="coming-soon-heading"
        className="rounded-2xl border border-dashed bg-card/60 p-6 sm:p-10"
      >
        <div className="flex size-12 items-center justify-center rounded-xl bg-primary/12 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <h2 id="coming-soon-heading" className="mt-5 text-lg font-semibold">
          This area is on its way
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{summary}</p>
        <h3 className="mt-6 text-sm font-medium">What you&apos;ll be able to do here</h3>
        <ul className="mt-3 grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
          {plans.map((plan) => (
            <li key={plan} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary/70" />
              {plan}
            </li>
          ))}
        </ul>
        {children}
      </section>
    </div>
  );
}
