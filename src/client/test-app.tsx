import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AnyHandler, HttpResponse, http } from "msw";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { AuthProvider } from "./features/auth/auth-context.tsx";
import { loadInitialAuth } from "./features/auth/auth-store.ts";
import type { AuthUser } from "./lib/auth-client.ts";
import { createQueryClient } from "./lib/create-query-client.ts";
import { routeTree } from "./routeTree.gen.ts";
import { accountDefaultHandlers, type SessionUser, server, sessionHandler } from "./test-network.ts";

/** A signed-in person with a name (people without one are sent to /welcome first). */
export const adaUser: AuthUser = {
  id: "u-ada",
  name: "Ada Guest",
  email: "ada@example.test",
  image: null,
  phoneNumber: null,
};

type RenderAppOptions = {
  /** Who the session endpoint says is signed in; `null` (the default) is a signed-out visitor. */
  signedInAs?: SessionUser;
  /**
   * MSW handlers for what the screens ask the server. They go in front of handlers the test set
   * before; to override one of them, call `server.use` after renderApp.
   */
  handlers?: AnyHandler[];
};

/**
 * Renders the whole app at `url` the way main.tsx starts it: the session read from the auth
 * server (answered by MSW), the real route tree with its loaders, and a fresh QueryClient with the
 * app's own defaults. The test then goes through the screens as a person does, with `user`.
 */
export async function renderApp(url: string, { signedInAs = null, handlers = [] }: RenderAppOptions = {}) {
  // What /api/config says unless a handler above answers it: nothing beyond email is configured.
  const plainConfig = http.get("/api/config", () =>
    HttpResponse.json({ googleClientId: null, phoneSignIn: false, signInProviders: [] }),
  );
  server.use(sessionHandler(signedInAs), ...handlers, plainConfig, ...accountDefaultHandlers);
  const auth = await loadInitialAuth();
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { auth, loadQueryClient: () => Promise.resolve(queryClient) },
    // Tests see the page as soon as its data is in, without the pending screen's minimum time.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
  });
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider>
      <AuthProvider auth={auth}>
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>,
  );
  await router.load();
  return { ...view, user, router, auth, queryClient };
}
