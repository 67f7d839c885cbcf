import { MenuIcon } from "lucide-react";
import { type MouseEvent, type ReactNode, useState } from "react";
import { ThemeMenu } from "#client/components/theme/theme-menu.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Sheet, SheetContent, SheetTrigger } from "#client/components/ui/sheet.tsx";
import { SkipLink } from "./app-header-layout.tsx";
import { HasSiteHeaderContext } from "./page-chrome.ts";

type DashboardShellProps = {
  switcher: ReactNode;
  nav: ReactNode;
  userMenu: ReactNode;
  headerUserMenu: ReactNode;
  title: string;
  /** Shown before the title, e.g. the community's logo. */
  titleLogo?: ReactNode;
  children: ReactNode;
};

export function DashboardShell({
  switcher,
  nav,
  userMenu,
  headerUserMenu,
  title,
  titleLogo,
  children,
}: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);

  // Following a link inside the mobile sheet should also close it.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) setMenuOpen(false);
  };

  const sidebar = (
    <>
      <div className="p-3">{switcher}</div>
      <div className="flex-1 overflow-y-auto px-3 py-2">{nav}</div>
      <div className="border-t p-3">{userMenu}</div>
    </>
  );

  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-sidebar lg:flex">
        {sidebar}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur sm:px-6">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
                <MenuIcon aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent title="Menu">
              {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation only reacts to clicks on links, which are keyboard accessible. */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: links already handle Enter; this only closes the sheet. */}
              <div className="flex h-full flex-col pt-8" onClick={closeOnLink}>
                {sidebar}
              </div>
            </SheetContent>
          </Sheet>
          <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium text-muted-foreground">
            {titleLogo}
            <span className="line-clamp-1">{title}</span>
          </p>
          <ThemeMenu />
          <div className="lg:hidden">{headerUserMenu}</div>
        </header>
        <main id="main" className="flex-1">
          <HasSiteHeaderContext value={true}>{children}</HasSiteHeaderContext>
        </main>
      </div>
    </div>
  );
}
