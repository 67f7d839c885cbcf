import { useSyncExternalStore } from "react";

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True when the viewer's clock shows a different time than the event's zone at that instant. */
export function differsFromViewer(
  instant: string | Date,
  timeZone: string,
  viewerZone: string = viewerTimeZone(),
): boolean {
  const at = new Date(instant);
  const show = (zone: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hour: "numeric",
      minute: "numeric",
      day: "numeric",
    }).format(at);
  return show(timeZone) !== show(viewerZone);
}

const noChanges = () => () => {};

/**
 * The viewer's zone, or null while a page rendered on the server is hydrated: the server does not
 * know it, and the first render in the browser must match the server's (decision 034).
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(noChanges, viewerTimeZone, () => null);
}
