import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { AuthProvider } from "./features/auth/auth-context.tsx";
import { loadInitialAuth } from "./features/auth/auth-store.ts";
import { loadQueryClient } from "./lib/query-client.ts";
import { buildRouter } from "./router.tsx";
import { SERVER_DATA_ID } from "./server-data.ts";
import "./styles.css";

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
  handOverTitle();
  // /e/{id} and /c/{slug} come rendered from the server: they are hydrated, by a chunk /login never loads.
  const serverData = document.getElementById(SERVER_DATA_ID);
  if (serverData?.textContent) {
    const { hydratePage } = await import("./hydrate-page.tsx");
    return hydratePage(root, serverData.textContent);
  }
  // The session is known before the first render, so a signed-in person never sees /login flash.
  const auth = await loadInitialAuth();
  // Signed-in people land on screens that need TanStack Query, so fetch it alongside the first render.
  if (auth.isAuthenticated) void loadQueryClient();
  const router = buildRouter({ auth, loadQueryClient });
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
