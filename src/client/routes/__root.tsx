import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { LazyToaster } from "#client/components/layout/lazy-toaster.tsx";
import { useTheme } from "#client/components/theme/theme-provider.tsx";
import type { RouterContext } from "#client/router-context.ts";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const { resolvedTheme } = useTheme();
  return (
    <>
      <Outlet />
      <LazyToaster theme={resolvedTheme} />
    </>
  );
}
