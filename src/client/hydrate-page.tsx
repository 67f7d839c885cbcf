import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { AuthProvider } from "./features/auth/auth-context.tsx";
import { createAuthStore } from "./features/auth/auth-store.ts";
import { whenPageReady } from "./lib/page-ready.ts";
import { loadQueryClient } from "./lib/query-client.ts";
import { readServerMarkdown } from "./lib/server-markdown.ts";
import { buildRouter } from "./router.tsx";

/**
 * A public page (/e/{id}, /c/{slug}) came rendered from the server as a signed-out visitor sees
 * it. The data it was made from goes into TanStack Query's cache first, so the route's loader
 * finds it and nothing is fetched again; the first render is then the server's (signed out, the
 * default theme), and only after hydration does the session say who is looking: a signed-in
 * visitor's own state (registered, member, host) then comes with their own answers.
 */
export async function hydratePage(root: HTMLElement, serverData: string) {
  const state = JSON.parse(serverData) as DehydratedState;
  // The server's copy is dropped the moment anything on the page changes (decision 010), so it is
  // as fresh as an answer fetched now: it should not be fetched again at once for being older.
  const receivedAt = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = receivedAt;
  // Rendered Markdown is taken from the page rather than made again (lib/server-markdown).
  readServerMarkdown(root);
  const queryClient = await loadQueryClient();
  hydrate(queryClient, state);
  const auth = createAuthStore(null);
  const router = buildRouter({ auth, loadQueryClient });
  await router.load();
  // As TanStack Router's own hydration does: the router then renders the server's tree, whose root
  // has no Suspense boundary of its own.
  router.ssr = { manifest: undefined };
  // The viewer's own state comes once the page is hydrated, never into the first render.
  const showViewer = async () => {
    const user = await auth.refresh().catch(() => null);
    if (!user) return;
    await queryClient.invalidateQueries();
    await router.invalidate();
  };
  // Once the route's content is hydrated (not only the router's outer tree), <html data-hydrated>
  // says so, which the journeys wait for before typing into the page's forms.
  whenPageReady(() => {
    document.documentElement.dataset.hydrated = "";
    void showViewer();
  });
  // Hydrated as a transition, React works in slices of a few milliseconds and lets the browser
  // paint and handle input between them, where the default priority would hydrate the whole page
  // in one long task (a phone's main thread blocked for hundreds of milliseconds). A click that
  // arrives meanwhile is not lost: React finishes hydrating at once and then handles it.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <ThemeProvider hydrating>
          <AuthProvider auth={auth}>
            <RouterProvider router={router} />
          </AuthProvider>
        </ThemeProvider>
      </StrictMode>,
    );
  });
}
