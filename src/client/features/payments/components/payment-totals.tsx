import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { countOf } from "#client/lib/plural.ts";
import { paymentTotalsQueryOptions } from "../api/payments-queries.ts";
import { paymentErrorMessage } from "../error-message.ts";
import { money } from "../labels.ts";
import { PERIOD_LABEL, periodRange, type Range } from "../periods.ts";
import { PERIODS, type Period } from "../search-params.ts";

type Props = {
  communityId: string;
  timeZone: string;
  period: Period;
  onPeriodChange: (period: Period) => void;
  /** The clock the periods are counted from (tests hold it still). */
  now?: () => Date;
};

/** The period's money per currency: taken, given back, the provider's fees, and what is left. */
export function PaymentTotals({
  communityId,
  timeZone,
  period,
  onPeriodChange,
  now = () => new Date(),
}: Props) {
  const id = useId();
  const range = periodRange(period, now(), timeZone);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Totals
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-period`} className="text-xs text-muted-foreground">
            Period
          </Label>
          <select
            id={`${id}-period`}
            className={selectClass}
            value={period}
            onChange={(event) => onPeriodChange(event.target.value as Period)}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TotalsFigures communityId={communityId} range={range} label={PERIOD_LABEL[period]} />
    </section>
  );
}

function TotalsFigures({ communityId, range, label }: { communityId: string; range: Range; label: string }) {
  const { data, error, isPending } = useQuery(paymentTotalsQueryOptions(communityId, range));
  if (isPending) return <Skeleton className="h-20 w-full" />;
  if (error)
    return (
      <p role="alert" className="text-sm">
        {paymentErrorMessage(error, "The totals could not be loaded.")}
      </p>
    );
  if (data.length === 0)
    return <p className="text-sm text-muted-foreground">No money came in or went back in this period.</p>;
  return (
    <div className="grid gap-3">
      {data.map((t) => (
        <dl
          key={t.currency}
          aria-label={`${label} in ${t.currency}`}
          className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        >
          <Figure label="Gross" value={money(t.grossMinor, t.currency)} detail={payments(t.payments)} />
          <Figure label="Refunds" value={money(t.refundsMinor, t.currency)} detail={refunds(t.refunds)} />
          <Figure label="Fees" value={money(t.feesMinor, t.currency)} />
          <Figure label="Net" value={money(t.netMinor, t.currency)} detail={t.currency} strong />
        </dl>
      ))}
    </div>
  );
}

const payments = (n: number) => countOf(n, { one: "payment", other: "payments" });
const refunds = (n: number) => countOf(n, { one: "refund", other: "refunds" });

function Figure({
  label,
  value,
  detail,
  strong,
}: {
  label: string;
  value: string;
  detail?: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={
          strong ? "mt-1 text-xl font-semibold tabular-nums" : "mt-1 text-lg font-medium tabular-nums"
        }
      >
        {value}
      </dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}
