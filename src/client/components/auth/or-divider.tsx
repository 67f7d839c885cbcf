import { cn } from "#client/lib/cn.ts";

/** The "or" line between the email form and the other ways to sign in. */
export function OrDivider({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        "flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground",
        className,
      )}
    >
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
