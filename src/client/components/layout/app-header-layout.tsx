import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ThemeMenu } from "#client/components/theme/theme-menu.tsx";
import { Logo } from "./logo.tsx";
import { HasSiteHeaderContext } from "./page-chrome.ts";
import { pageWidth } from "./page-width.ts";

export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
}

/** `start` takes the Commons logo's place: a community's public page shows its own name there. */
export function AppHeaderLayout({
  children,
  start,
  end,
}: {
  children: ReactNode;
  start?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur">
        <div className={pageWidth("wide", "flex h-14 items-center justify-between gap-4")}>
          {start ?? (
            <Link to="/" className="rounded-md" aria-label="Commons home">
              <Logo />
            </Link>
          )}
          <div className="flex items-center gap-1">
            <ThemeMenu />
            {end}
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <HasSiteHeaderContext value={true}>{children}</HasSiteHeaderContext>
      </main>
    </div>
  );
}
