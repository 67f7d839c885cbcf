import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

/** A field's or a form's error; a failure from the server also shows its `code` for support. */
export function FieldError({ className, children, code, ...props }: ComponentProps<"p"> & { code?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={cn("text-sm font-medium text-destructive", className)} {...props}>
      {children}
      {code ? <SupportCode code={code} /> : null}
    </p>
  );
}

/** The line under a failure's sentence that keeps its code for whoever helps the person. */
export function SupportCode({ code }: { code: string }) {
  return (
    <span className="mt-1 block text-xs font-normal text-muted-foreground">
      Code for support: <code className="font-mono">{code}</code>
    </span>
  );
}

export function FieldHint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
