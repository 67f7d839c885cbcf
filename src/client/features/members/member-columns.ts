/** The member table's columns a person may hide; the checkbox and the person always show. */
export const MEMBER_COLUMNS = [
  { key: "role", label: "Role" },
  { key: "status", label: "Status" },
  { key: "plan", label: "Plan" },
  { key: "tags", label: "Tags" },
  { key: "source", label: "Source" },
  { key: "joined", label: "Joined" },
  { key: "eventsAttended", label: "Events attended" },
  { key: "checkIns", label: "Check-ins" },
  { key: "lastActive", label: "Last active" },
] as const;

export type MemberColumn = (typeof MEMBER_COLUMNS)[number]["key"];

/** Hidden until chosen, so the useful columns fit beside the sidebar at 1280 px. */
export const DEFAULT_HIDDEN: readonly MemberColumn[] = ["source"];

const KEY = "commons:member-columns-hidden";
const isColumn = (value: unknown): value is MemberColumn =>
  MEMBER_COLUMNS.some((column) => column.key === value);

/** The columns this browser hides: what was chosen last, or the default. */
export function readHiddenColumns(): ReadonlySet<MemberColumn> {
  try {
    const stored = window.localStorage.getItem(KEY);
    const parsed: unknown = stored === null ? null : JSON.parse(stored);
    if (Array.isArray(parsed)) return new Set(parsed.filter(isColumn));
  } catch {
    // Unreadable or blocked storage: the default columns.
  }
  return new Set(DEFAULT_HIDDEN);
}

export function rememberHiddenColumns(hidden: ReadonlySet<MemberColumn>): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...hidden]));
  } catch {
    // Without storage the choice lasts until the page is left.
  }
}
