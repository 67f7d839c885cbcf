import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

export const inputBoxClass = "h-10 rounded-md px-3 py-2 text-sm shadow-xs";

/** `box` carries the overridable sizing, so a caller replaces it whole instead of fighting class order. */
export function Input({
  className,
  type,
  box = inputBoxClass,
  ...props
}: ComponentProps<"input"> & { box?: string }) {
  return (
    <input
      type={type}
      className={cn(
        "flex w-full min-w-0 border border-input bg-background transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30",
        box,
        className,
      )}
      {...props}
    />
  );
}
