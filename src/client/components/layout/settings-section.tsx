import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";

/**
 * A titled card of the settings page whose heading is a link to itself, so a section can be
 * shared as /edit#branding. Features each build their own section with it.
 */
export function SettingsSection({
  anchor,
  title,
  description,
  tone = "default",
  children,
}: {
  anchor: string;
  title: string;
  description: string;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const headingId = `${anchor}-heading`;
  return (
    <section
      id={anchor}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-20 rounded-2xl border bg-card p-5 shadow-xs sm:p-8",
        tone === "danger" && "border-destructive/50",
      )}
    >
      <div className="mb-6 grid gap-1">
        <h2
          id={headingId}
          className={cn("group text-lg font-semibold", tone === "danger" && "text-destructive")}
        >
          <a href={`#${anchor}`} className="inline-flex items-center gap-2 rounded-sm">
            {title}
            <LinkIcon
              className="size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
              aria-hidden="true"
            />
          </a>
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

export function SectionFooter({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse items-stretch gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
      {children}
    </div>
  );
}
