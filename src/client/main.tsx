import { createRouter, lazyRouteComponent, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PendingPage } from "./components/layout/pending-page.tsx";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { AuthProvider } from "./features/auth/auth-context.tsx";
import { loadInitialAuth } from "./features/auth/auth-store.ts";
import { loadQueryClient } from "./lib/query-client.ts";
import { routeTree } from "./routeTree.gen.ts";
import "./styles.css";

const FIVE_MINUTES = 5 * 60 * 1000;

function buildRouter(auth: Awaited<ReturnType<typeof loadInitialAuth>>) {
  return createRouter({
    routeTree,
    context: { auth, loadQueryClient },
    defaultPreload: "intent",
    defaultPreloadDelay: 50,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: FIVE_MINUTES,
    defaultPreloadStaleTime: 30_000,
    scrollRestoration: true,
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

/**
 * Pages render their own <title>, which React puts first in <head>; the shell's (the server's, for
 * link previews) then goes, so the head holds one title. It stays until then, so the tab is never blank.
 */
function handOverTitle() {
  const shell = document.head.querySelector("title");
  if (!shell) return;
  const observer = new MutationObserver(() => {
    if (document.head.querySelectorAll("title").length < 2) return;
    shell.remove();
    observer.disconnect();
  });
  observer.observe(document.head, { childList: true });
}

async function start() {
  const root = document.getElementById("root");
  if (!root) throw new Error("The page has no #root element");
  // The session is known before the first render, so a signed-in person never sees /login flash.
  const auth = await loadInitialAuth();
  // Signed-in people land on screens that need TanStack Query, so fetch it alongside the first render.
  if (auth.isAuthenticated) void loadQueryClient();
  const router = buildRouter(auth);
  handOverTitle();
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <AuthProvider auth={auth}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}

void start();
