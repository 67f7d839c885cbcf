import { Link } from "@tanstack/react-router";
import { CompassIcon } from "lucide-react";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { pageWidth } from "./page-width.ts";

/** The Not Found message; the page around it (with the site header) is routes/-not-found-page.tsx. */
export function NotFound() {
  return (
    <div className={pageWidth("narrow", "grid justify-items-center gap-4 py-20 text-center sm:py-28")}>
      <title>Not Found · Commons</title>
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <CompassIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Not Found</h1>
      <p className="text-muted-foreground">
        This page doesn’t exist, or you don’t have access to it. Check the address, or start again from the
        home page.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go home
      </Link>
    </div>
  );
}
