import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import {
  ColumnHeader,
  labelledCell,
  PersonCell,
  tableCell,
  tableHeader,
  tableRow,
} from "#client/components/ui/responsive-table.tsx";
import type { MembersQuery } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import type { MemberColumn } from "../member-columns.ts";
import {
  exactDate,
  PLAN_STATUS_LABEL,
  ROLE_LABEL,
  SOURCE_LABEL,
  STATUS_LABEL,
  shortDate,
  timeAgo,
} from "../member-labels.ts";
import type { MemberSortValue, MembersSearch } from "../search-params.ts";

export type MemberRow = MembersQuery["members"]["nodes"][number];

/**
 * The body breaks text anywhere, which would let the table squeeze short words like a plan's
 * name or "None" letter by letter; these columns keep whole words (the table scrolls sideways
 * when more columns are chosen than fit).
 */
const wholeWords = "md:[overflow-wrap:break-word]";
const checkbox = "size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-ring";

/** The direction a header's first click sorts by: counts and dates start with the most. */
const FIRST_DIRECTION: Record<MemberSortValue, "asc" | "desc"> = {
  name: "asc",
  joined: "desc",
  eventsAttended: "desc",
  checkIns: "desc",
  lastActive: "desc",
};

export function MembersTable({
  rows,
  total,
  totalCapped,
  search,
  selected,
  allMatching,
  onToggle,
  onTogglePage,
  onSort,
  onOpen,
  showPlans = false,
  hidden = new Set(),
}: {
  rows: MemberRow[];
  total: number;
  totalCapped: boolean;
  search: MembersSearch;
  selected: ReadonlySet<string>;
  allMatching: boolean;
  onToggle: (id: string) => void;
  onTogglePage: (select: boolean) => void;
  onSort: (sort: MemberSortValue, dir: "asc" | "desc") => void;
  /** Opens the member drawer. */
  onOpen: (row: MemberRow) => void;
  /** The community offers plans: each member's plan and its status get a column. */
  showPlans?: boolean;
  /** Columns the person chose not to see. */
  hidden?: ReadonlySet<MemberColumn>;
}) {
  const shows = (column: MemberColumn) => !hidden.has(column) && (column !== "plan" || showPlans);
  const pageSelected = allMatching || (rows.length > 0 && rows.every((row) => selected.has(row.id)));
  const someSelected = !pageSelected && rows.some((row) => selected.has(row.id));
  const sortHeader = (field: MemberSortValue, label: string) => {
    const active = (search.sort ?? "joined") === field;
    const dir = search.sort ? (search.dir ?? "asc") : "desc";
    const Icon = !active ? ArrowUpDownIcon : dir === "asc" ? ArrowUpIcon : ArrowDownIcon;
    return (
      <th
        scope="col"
        className={cn(tableHeader, !label.includes(" ") && "whitespace-nowrap")}
        aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-sm text-left hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => onSort(field, active ? (dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[field])}
        >
          {label}
          <Icon aria-hidden="true" className={cn("size-3.5", !active && "opacity-50")} />
        </button>
      </th>
    );
  };
  return (
    <div className="rounded-xl border md:overflow-x-auto">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">
          Members, {rows.length} of {total}
          {totalCapped ? "+" : ""} shown
        </caption>
        {/* Two-word headers may wrap, so the default columns fit beside the sidebar at 1280 px. */}
        <thead className="bg-muted/50 text-left align-bottom text-muted-foreground max-md:block">
          <tr className="max-md:flex max-md:items-center max-md:gap-2 max-md:px-3 max-md:py-2">
            <th
              scope="col"
              className="w-10 px-3 py-2 max-md:flex max-md:items-center max-md:gap-2 max-md:p-0"
            >
              <label className="inline-flex items-center gap-2 font-normal">
                <input
                  type="checkbox"
                  className={checkbox}
                  checked={pageSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = someSelected;
                  }}
                  onChange={(event) => onTogglePage(event.target.checked)}
                />
                <span className="text-xs md:sr-only">Select all members on this page</span>
              </label>
            </th>
            {sortHeader("name", "Person")}
            {shows("role") ? <ColumnHeader>Role</ColumnHeader> : null}
            {shows("status") ? <ColumnHeader>Status</ColumnHeader> : null}
            {shows("plan") ? <ColumnHeader>Plan</ColumnHeader> : null}
            {shows("tags") ? <ColumnHeader>Tags</ColumnHeader> : null}
            {shows("source") ? <ColumnHeader>Source</ColumnHeader> : null}
            {shows("joined") ? sortHeader("joined", "Joined") : null}
            {shows("eventsAttended") ? sortHeader("eventsAttended", "Events attended") : null}
            {shows("checkIns") ? sortHeader("checkIns", "Check-ins") : null}
            {shows("lastActive") ? sortHeader("lastActive", "Last active") : null}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {rows.map((row) => (
            <tr
              key={row.id}
              className={cn(tableRow, (allMatching || selected.has(row.id)) && "bg-primary/5")}
            >
              <td className={cn(tableCell, "w-10")}>
                <input
                  type="checkbox"
                  className={checkbox}
                  aria-label={`Select ${row.person.name}`}
                  checked={allMatching || selected.has(row.id)}
                  disabled={allMatching}
                  onChange={() => onToggle(row.id)}
                />
              </td>
              <td className={cn(tableCell, "md:min-w-44")}>
                <PersonCell name={row.person.name} email={row.person.email} onOpen={() => onOpen(row)} />
              </td>
              {shows("role") ? (
                <td className={cn(tableCell, labelledCell, "whitespace-nowrap")} data-label="Role">
                  {row.status === "PERSON" ? (
                    <span className="text-muted-foreground">No role</span>
                  ) : (
                    ROLE_LABEL[row.role]
                  )}
                </td>
              ) : null}
              {shows("status") ? (
                <td className={cn(tableCell, labelledCell)} data-label="Status">
                  <Badge
                    variant={
                      row.status === "ACTIVE"
                        ? "success"
                        : row.status === "BANNED"
                          ? "destructive"
                          : row.status === "PERSON"
                            ? "secondary"
                            : "outline"
                    }
                  >
                    {STATUS_LABEL[row.status]}
                  </Badge>
                </td>
              ) : null}
              {shows("plan") ? (
                <td className={cn(tableCell, labelledCell, wholeWords)} data-label="Plan">
                  {row.plan && row.planStatus ? (
                    <span className="inline-flex flex-wrap items-center gap-1.5">
                      <span>{row.plan.name}</span>
                      <Badge
                        variant={
                          row.planStatus === "ACTIVE"
                            ? "success"
                            : row.planStatus === "PAST_DUE"
                              ? "destructive"
                              : "outline"
                        }
                      >
                        {PLAN_STATUS_LABEL[row.planStatus]}
                      </Badge>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </td>
              ) : null}
              {shows("tags") ? (
                <td className={cn(tableCell, labelledCell, wholeWords)} data-label="Tags">
                  {row.tags.length > 0 ? (
                    <ul className="inline-flex flex-wrap gap-1" aria-label={`Tags of ${row.person.name}`}>
                      {row.tags.map((tag) => (
                        <li key={tag}>
                          <Badge variant="secondary">{tag}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </td>
              ) : null}
              {shows("source") ? (
                <td className={cn(tableCell, labelledCell, "whitespace-nowrap")} data-label="Source">
                  {SOURCE_LABEL[row.source]}
                </td>
              ) : null}
              {shows("joined") ? (
                <td className={cn(tableCell, labelledCell, "whitespace-nowrap")} data-label="Joined">
                  <time dateTime={row.joinedAt} title={exactDate.format(new Date(row.joinedAt))}>
                    {shortDate.format(new Date(row.joinedAt))}
                  </time>
                </td>
              ) : null}
              {shows("eventsAttended") ? (
                <td className={cn(tableCell, labelledCell, "tabular-nums")} data-label="Events attended">
                  {row.eventsAttended}
                </td>
              ) : null}
              {shows("checkIns") ? (
                <td className={cn(tableCell, labelledCell, "tabular-nums")} data-label="Check-ins">
                  {row.checkIns}
                </td>
              ) : null}
              {shows("lastActive") ? (
                <td className={cn(tableCell, labelledCell, "whitespace-nowrap")} data-label="Last active">
                  <time dateTime={row.lastActiveAt} title={exactDate.format(new Date(row.lastActiveAt))}>
                    {timeAgo(row.lastActiveAt)}
                  </time>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
