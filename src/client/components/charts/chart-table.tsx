import type { ReactNode } from "react";

export type TableColumn<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
};

/** A chart's values as a table: what screen readers read and what people who prefer numbers see. */
export function ChartTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
}) {
  return (
    <section
      aria-label={`${caption}, table`}
      className="relative max-h-96 overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard to scroll it.
      tabIndex={0}
    >
      {/* Words stay whole (the page lets long words break anywhere): a narrow screen scrolls the
          table sideways inside its frame instead of splitting "Registrations" over two lines. */}
      <table className="w-full text-sm wrap-normal">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={`px-2 sm:px-3 py-2 font-medium ${column.numeric && index > 0 ? "text-right" : ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row, rowIndex)} className="border-t">
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.label} scope="row" className="px-2 sm:px-3 py-1.5 text-left font-normal">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.label}
                    className={`px-2 sm:px-3 py-1.5 ${column.numeric ? "text-right tabular-nums" : ""}`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
