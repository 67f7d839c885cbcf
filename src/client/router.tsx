import { createRouter, lazyRouteComponent, type RouterHistory } from "@tanstack/react-router";
import { PendingPage } from "./components/layout/pending-page.tsx";
import type { RouterContext } from "./router-context.ts";
import { routeTree } from "./routeTree.gen.ts";

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * The app's router, made the same way in the browser and on the server (which renders /e/{id} and
 * /c/{slug} with a memory history), so both build the same matches and the same tree.
 */
export function buildRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: "intent",
    defaultPreloadDelay: 50,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: FIVE_MINUTES,
    defaultPreloadStaleTime: 30_000,
    // On the server, TanStack Router would write scroll restoration as an inline script, which the
    // Content-Security-Policy refuses; the browser's router restores scrolling by itself.
    scrollRestoration: !history,
    scrollRestorationBehavior: "instant",
    defaultPendingComponent: PendingPage,
    // Rarely shown, so kept out of the entry chunk that /login pays for.
    defaultErrorComponent: lazyRouteComponent(
      () => import("./components/layout/route-error.tsx"),
      "RouteError",
    ),
    defaultNotFoundComponent: lazyRouteComponent(
      () => import("./routes/-not-found-page.tsx"),
      "NotFoundPage",
    ),
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof buildRouter>;
  }
}
