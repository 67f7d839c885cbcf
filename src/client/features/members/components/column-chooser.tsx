import { Columns3Icon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { MEMBER_COLUMNS, type MemberColumn } from "../member-columns.ts";

/** Which of the table's columns show; the choice is the page's to keep. */
export function ColumnChooser({
  hidden,
  showPlans,
  onChange,
}: {
  hidden: ReadonlySet<MemberColumn>;
  /** Without plans there is no plan column to choose. */
  showPlans: boolean;
  onChange: (next: ReadonlySet<MemberColumn>) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const columns = MEMBER_COLUMNS.filter((column) => showPlans || column.key !== "plan");
  return (
    <div className="relative">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={`${id}-columns`}
        onClick={() => setOpen((now) => !now)}
      >
        <Columns3Icon aria-hidden="true" /> Columns
      </Button>
      {open ? (
        <fieldset
          id={`${id}-columns`}
          className="absolute right-0 z-20 mt-1 grid w-52 gap-1 rounded-lg border bg-popover p-3 text-sm text-popover-foreground shadow-md"
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        >
          <legend className="sr-only">Columns shown</legend>
          <p aria-hidden="true" className="pb-1 text-xs font-medium text-muted-foreground">
            Columns shown
          </p>
          {columns.map((column) => (
            <label key={column.key} className="flex cursor-pointer items-center gap-2 py-0.5">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={!hidden.has(column.key)}
                onChange={(event) => {
                  const next = new Set(hidden);
                  if (event.target.checked) next.delete(column.key);
                  else next.add(column.key);
                  onChange(next);
                }}
              />
              {column.label}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
