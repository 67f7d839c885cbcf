import { QueryClientProvider } from "@tanstack/react-query";
import { use } from "react";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { NotFound } from "#client/components/layout/not-found.tsx";
import { HasSiteHeaderContext } from "#client/components/layout/page-chrome.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { loadQueryClient } from "#client/lib/query-client.ts";

/**
 * Not Found for any route: inside a layout that has the site header it is just the message;
 * anywhere else (an unknown path, an event or community that is not there) it is a whole page.
 */
export function NotFoundPage() {
  const hasHeader = use(HasSiteHeaderContext);
  const { user } = useAuth();
  if (hasHeader) return <NotFound />;
  return (
    <AppHeaderLayout end={user ? <SignedInMenu /> : null}>
      <NotFound />
    </AppHeaderLayout>
  );
}

/** The account menu needs TanStack Query, which public routes do not load on their own. */
function SignedInMenu() {
  const queryClient = use(loadQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <UserMenu />
    </QueryClientProvider>
  );
}
