import { Badge } from "#client/components/ui/badge.tsx";
import {
  ColumnHeader,
  labelledCell,
  PersonCell,
  tableCell,
  tableRow,
} from "#client/components/ui/responsive-table.tsx";
import type { PaymentsQuery } from "#client/gql/graphql.ts";
import { cn } from "#client/lib/cn.ts";
import {
  exactDate,
  METHOD_LABEL,
  money,
  PURPOSE_LABEL,
  STATUS_BADGE,
  STATUS_LABEL,
  shortDate,
} from "../labels.ts";

export type PaymentRow = PaymentsQuery["payments"]["nodes"][number];

/** The payments of one page and those loaded before it, newest first; a payer's name opens the drawer. */
export function PaymentsTable({
  rows,
  total,
  totalCapped,
  onOpen,
}: {
  rows: PaymentRow[];
  total: number;
  totalCapped: boolean;
  onOpen: (row: PaymentRow) => void;
}) {
  return (
    <div className="rounded-xl border md:overflow-x-auto">
      <table className="w-full text-sm max-md:block md:min-w-[56rem]">
        <caption className="sr-only">
          Payments, {rows.length} of {total}
          {totalCapped ? "+" : ""} shown, newest first
        </caption>
        <thead className="whitespace-nowrap bg-muted/50 text-left text-muted-foreground max-md:hidden">
          <tr>
            <ColumnHeader>Date</ColumnHeader>
            <ColumnHeader>Payer</ColumnHeader>
            <ColumnHeader>Purpose</ColumnHeader>
            <ColumnHeader>Event</ColumnHeader>
            <ColumnHeader className="text-right">Amount</ColumnHeader>
            <ColumnHeader>Status</ColumnHeader>
            <ColumnHeader>Method</ColumnHeader>
          </tr>
        </thead>
        <tbody className="max-md:block">
          {rows.map((row) => (
            <tr key={row.id} className={tableRow}>
              <td className={cn(tableCell, labelledCell, "whitespace-nowrap")} data-label="Date">
                <time dateTime={row.createdAt} title={exactDate.format(new Date(row.createdAt))}>
                  {shortDate.format(new Date(row.createdAt))}
                </time>
              </td>
              <td className={cn(tableCell, "md:min-w-48")}>
                <PersonCell name={row.payer.name} email={row.payer.email} onOpen={() => onOpen(row)} />
              </td>
              <td className={cn(tableCell, labelledCell)} data-label="Purpose">
                {PURPOSE_LABEL[row.purpose]}
              </td>
              <td className={cn(tableCell, labelledCell)} data-label="Event">
                {row.event?.title ?? <span className="text-muted-foreground">—</span>}
              </td>
              <td
                className={cn(tableCell, labelledCell, "tabular-nums md:text-right md:whitespace-nowrap")}
                data-label="Amount"
              >
                {money(row.amountMinor, row.currency)}
                {row.refundedMinor > 0 && row.status !== "REFUNDED" ? (
                  <div className="text-xs text-muted-foreground">
                    {money(row.refundedMinor, row.currency)} refunded
                  </div>
                ) : null}
              </td>
              <td className={cn(tableCell, labelledCell)} data-label="Status">
                <Badge variant={STATUS_BADGE[row.status]}>{STATUS_LABEL[row.status]}</Badge>
              </td>
              <td className={cn(tableCell, labelledCell, "whitespace-nowrap")} data-label="Method">
                {METHOD_LABEL[row.method]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
