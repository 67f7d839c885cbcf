import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

/**
 * Renders `ui` at "/" inside a real router, for components that use router hooks (the
 * unsaved-changes guard). `leave()` goes to another page as a link in the sidebar would.
 */
export async function renderInRouter(ui: ReactNode) {
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: "/", component: () => ui });
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: "/elsewhere",
    component: () => <h1>Somewhere else</h1>,
  });
  const history = createMemoryHistory({ initialEntries: ["/"] });
  const router = createRouter({ routeTree: root.addChildren([home, elsewhere]), history });
  await router.load();
  const result = render(<RouterProvider router={router} />);
  return { ...result, router, leave: () => history.push("/elsewhere") };
}
