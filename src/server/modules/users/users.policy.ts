import { unauthenticated } from "#server/errors.ts";

/** The signed-in person a request acts for. */
export type Viewer = { id: string; name: string; email: string; image: string | null };

/** The viewer, or UNAUTHENTICATED: the first check of everything that needs a signed-in person. */
export const requireViewer = (viewer: Viewer | null): Viewer => {
  if (!viewer) throw unauthenticated();
  return viewer;
};
