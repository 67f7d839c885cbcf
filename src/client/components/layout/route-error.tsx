import { ErrorComponent, type ErrorComponentProps } from "@tanstack/react-router";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { pageWidth } from "./page-width.ts";

export function RouteError({ error }: ErrorComponentProps) {
  return (
    <main className={pageWidth("narrow", "grid gap-6 py-20")}>
      <title>Something went wrong · Commons</title>
      <div className="error-details rounded-xl border bg-card p-6">
        <ErrorComponent error={error} />
      </div>
      <a href="/" className={buttonVariants({ variant: "outline" })}>
        Reload Commons
      </a>
    </main>
  );
}
