import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
    <label className={cn("text-sm font-medium leading-none select-none", className)} {...props} />
  );
}
