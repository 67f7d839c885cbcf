import { ErrorComponent, type ErrorComponentProps } from "@tanstack/react-router";
import { buttonVariants } from "../ui/button.tsx";

export function RouteError({ error }: ErrorComponentProps) {
  return (
    <main className="mx-auto grid max-w-lg gap-6 px-6 py-20">
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
