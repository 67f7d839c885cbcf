import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

export function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p role="alert" className={cn("text-sm font-medium text-destructive", className)} {...props}>
      {children}
    </p>
  );
}

export function FieldHint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
