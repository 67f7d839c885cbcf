/** What each kind of origin reads as in the sources table. */
const KIND_LABEL: Record<string, string> = {
  community_page: "Community page",
  event_page: "Event page",
  invitation: "Invitation",
  import: "Import",
  agent: "Agent",
  organizer: "Added by an organizer",
  created: "Created the community",
  unknown: "Unknown",
};

/** A source's name: a shared link shows the `ref` it carried. */
export function sourceLabel(source: { kind: string; ref?: string | null }): string {
  if (source.kind === "link") return source.ref ? `Shared link “${source.ref}”` : "Shared link";
  return KIND_LABEL[source.kind] ?? KIND_LABEL.unknown ?? "Unknown";
}
