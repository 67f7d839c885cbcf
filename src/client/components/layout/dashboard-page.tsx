import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";
import { pageWidth } from "./page-width.ts";

/** A dashboard screen of one community: its document title, heading and what it is for, then the screen. */
export function DashboardPage({
  title,
  communityName,
  description,
  children,
}: {
  title: string;
  communityName: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={pageWidth("wide", "py-8 sm:py-10")}>
      <title>{`${title} · ${communityName} · Commons`}</title>
      <div className="mb-6 grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}

/** A quiet dashed panel where a list would be: nothing to show yet, nothing matches, or not yours to see. */
export function EmptyPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground",
        className,
      )}
    >
      {children}
    </div>
  );
}
