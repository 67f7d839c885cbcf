export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True when the viewer's clock shows a different time than the event's zone at that instant. */
export function differsFromViewer(instant: string | Date, timeZone: string): boolean {
  const at = new Date(instant);
  const show = (zone: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hour: "numeric",
      minute: "numeric",
      day: "numeric",
    }).format(at);
  return show(timeZone) !== show(viewerTimeZone());
}
