import type { QueryClient } from "@tanstack/react-query";

let pending: Promise<QueryClient> | undefined;

/**
 * TanStack Query is loaded with the first signed-in screen rather than in the entry chunk: the
 * public pages do not use it and the /login budget (100 KB gzip) has no room for it.
 */
export function loadQueryClient(): Promise<QueryClient> {
  pending ??= import("./create-query-client.ts").then((query) => query.createQueryClient());
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
