import { dehydrate } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { JSDOM } from "jsdom";
import { StrictMode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { AuthProvider } from "./features/auth/auth-context.tsx";
import { createAuthStore } from "./features/auth/auth-store.ts";
import { createQueryClient } from "./lib/create-query-client.ts";
import { setGraphQLTransport } from "./lib/graphql.ts";
import { setMarkdownWindow } from "./lib/markdown.ts";
import { buildRouter } from "./router.tsx";

/** A page as a signed-out visitor sees it: the app's HTML and the data it was made from. */
export type RenderedPage = { status: number; appHtml: string; data: string };

/**
 * The server's renderer of the public pages (/e/{id}, /c/{slug}), built by Vite beside the client
 * (`vite build --ssr`) and loaded by the server from dist/server. `graphql` answers the pages'
 * queries in the server's own process, always as a signed-out visitor: what is rendered here may
 * be kept and served to anyone.
 */
export function createPageRenderer(graphql: (body: string) => Promise<Response>) {
  setGraphQLTransport(graphql);
  // Descriptions are sanitized by DOMPurify, which needs a DOM: one window serves every render.
  setMarkdownWindow(new JSDOM("").window);
  return async function renderPage(url: string): Promise<RenderedPage> {
    const queryClient = createQueryClient();
    const auth = createAuthStore(null);
    const router = buildRouter(
      { auth, loadQueryClient: () => Promise.resolve(queryClient) },
      createMemoryHistory({ initialEntries: [url] }),
    );
    await router.load();
    for (const match of router.state.matches) {
      if (match.status === "error") console.error("Loading", url, match.error);
    }
    const stream = await renderToReadableStream(
      <StrictMode>
        <ThemeProvider hydrating>
          <AuthProvider auth={auth}>
            <RouterProvider router={router} />
          </AuthProvider>
        </ThemeProvider>
      </StrictMode>,
      {
        onError: (error) => console.error("Rendering", url, error),
        // Past this many bytes React moves a finished Suspense boundary's content out of place and
        // puts it back with an inline script, which the Content-Security-Policy refuses: the page
        // would keep that content hidden and the browser would render it again. The page is kept
        // whole, so every boundary is written in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    // Every query has been answered by the loaders: the whole page is ready at once, and is kept whole.
    await stream.allReady;
    const appHtml = await new Response(stream).text();
    // `<` never appears raw in the JSON, so no value can close the script element that holds it.
    const data = JSON.stringify(dehydrate(queryClient)).replaceAll("<", "\\u003c");
    const notFound = router.state.matches.some((match) => match.status === "notFound");
    return { status: notFound ? 404 : 200, appHtml, data };
  };
}
