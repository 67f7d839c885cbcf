import { Link } from "@tanstack/react-router";
import { buttonVariants } from "../ui/button.tsx";

export function NotFound() {
  return (
    <main className="mx-auto grid max-w-md justify-items-center gap-4 px-6 py-24 text-center">
      <title>Not Found · Commons</title>
      <h1 className="text-2xl font-semibold">Not Found</h1>
      <p className="text-muted-foreground">This page doesn’t exist, or you don’t have access to it.</p>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        Go home
      </Link>
    </main>
  );
}
