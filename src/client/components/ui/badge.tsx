import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

const variants = {
  default: "border-transparent bg-primary/15 text-primary",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  outline: "text-muted-foreground",
  success: "border-transparent bg-success/15 text-success",
  destructive: "border-transparent bg-destructive/15 text-destructive",
};

export function Badge({
  className,
  variant = "default",
  ...props
}: ComponentProps<"span"> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
