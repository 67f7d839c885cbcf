import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";

// Tables that become one card per row on a phone: the header row is hidden there, so each cell
// names itself from its `data-label`.

export const tableCell = "px-3 py-2.5 max-md:block max-md:p-0";
export const labelledCell =
  "max-md:before:mr-1 max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)_':']";
// Headers are short labels: they wrap between words, never inside one.
export const tableHeader = "px-3 py-2 font-medium wrap-normal max-md:sr-only";
export const tableRow = "border-t align-top max-md:grid max-md:gap-1 max-md:px-3 max-md:py-3";

/** A person's name, which opens their drawer, over their e-mail address. */
export function PersonCell({
  name,
  email,
  onOpen,
}: {
  name: string;
  email: string | null | undefined;
  onOpen: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="rounded-sm text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={onOpen}
      >
        {name}
      </button>
      {email ? <div className="wrap-anywhere text-muted-foreground">{email}</div> : null}
    </>
  );
}

/** A column's header cell, hidden on a phone where each cell names itself. */
export function ColumnHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn(tableHeader, className)}>
      {children}
    </th>
  );
}
