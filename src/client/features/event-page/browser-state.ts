import { useSyncExternalStore } from "react";

// What only the browser knows. The server renders without it (each server snapshot below), the
// first render in the browser matches that, and React renders again with the browser's answer
// right after hydration: callers keep room for what may appear so nothing moves.

const never = () => () => {};

/** The visitor's time zone; null on the server and until hydration. */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(
    never,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
}

/** Whether the browser has a share sheet (`navigator.share`); false on the server. */
export function useCanShare(): boolean {
  return useSyncExternalStore(
    never,
    () => typeof navigator !== "undefined" && typeof navigator.share === "function",
    () => false,
  );
}

/** The page's origin ("https://example.org"); "" on the server, where links stay relative. */
export function usePageOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => "",
  );
}
