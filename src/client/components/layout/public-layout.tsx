import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ThemeCycleButton } from "#client/components/theme/theme-cycle-button.tsx";
import { Logo } from "./logo.tsx";
import { HasSiteHeaderContext } from "./page-chrome.ts";

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="flex items-center justify-between px-5 py-4 sm:px-8">
        <Link to="/login" className="rounded-md" aria-label="Commons home">
          <Logo />
        </Link>
        <ThemeCycleButton />
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <HasSiteHeaderContext value={true}>{children}</HasSiteHeaderContext>
      </main>
      <footer className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 px-6 py-6 text-sm text-muted-foreground">
        <span>© {new Date().getFullYear()} Commons</span>
        <Link to="/terms" className="rounded hover:text-foreground">
          Terms
        </Link>
        <Link to="/privacy" className="rounded hover:text-foreground">
          Privacy
        </Link>
      </footer>
    </div>
  );
}

/**
 * The sign-in screens' card, held at the top rather than centred: what arrives after the first
 * render (the other ways to sign in, an error) then grows it downwards, and never moves the field
 * or button someone is pressing.
 */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-5 pt-[8vh] pb-12">
      <div className="w-full max-w-sm">{children}</div>
    </div>
  );
}
