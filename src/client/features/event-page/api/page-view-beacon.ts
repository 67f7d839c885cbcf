// The server counts a view of an event's page when its HTML is loaded (decision 031). A move to
// the page inside the app loads no HTML, so the app says so with a beacon: no cookie is needed,
// and the browser sends it even while the person moves on.

let landed = false;
/** The event whose page is showing: a change of its search (a checkout's return) is no new view. */
let showing: string | null = null;

/** The address the document itself was loaded from: that view was counted by the server. */
function documentPath(): string | null {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return entry ? new URL(entry.name).pathname : null;
}

/** Called whenever the app shows an event's page: counts it unless the tab loaded it or it already shows. */
export function showEventPage(eventId: string) {
  if (showing === eventId) return;
  showing = eventId;
  const first = !landed;
  landed = true;
  if (first && (documentPath() ?? window.location.pathname) === `/e/${eventId}`) return;
  if (typeof navigator.sendBeacon === "function") navigator.sendBeacon(`/api/events/${eventId}/view`);
}

export function leaveEventPage() {
  showing = null;
  landed = true;
}
