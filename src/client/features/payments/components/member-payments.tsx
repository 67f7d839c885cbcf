import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRightIcon } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { notify } from "#client/lib/notify.ts";
import { payerPaymentsQueryOptions, payerTotalsQueryOptions } from "../api/payer-payments-queries.ts";
import { paymentErrorMessage } from "../error-message.ts";
import { money, PURPOSE_LABEL, STATUS_BADGE, STATUS_LABEL, shortDate } from "../labels.ts";

type Props = { communityId: string; userId: string };

/**
 * A member's payments in the community, newest first, with what they paid in all per currency;
 * each opens in the payments page's drawer. For those who manage payments.
 */
export function MemberPayments({ communityId, userId }: Props) {
  const list = useInfiniteQuery(payerPaymentsQueryOptions(communityId, userId));
  const totals = useQuery(payerTotalsQueryOptions(communityId, userId));
  const rows = list.data?.pages.flatMap((page) => page.nodes) ?? [];
  return (
    <section aria-labelledby="member-payments" className="grid gap-2">
      <h3 id="member-payments" className="font-medium">
        Payments
      </h3>
      {list.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading payments">
          <Skeleton className="h-12 w-full rounded-lg" />
          <Skeleton className="h-12 w-full rounded-lg" />
        </div>
      ) : list.isError ? (
        <p role="alert">{paymentErrorMessage(list.error, "The payments could not be loaded.")}</p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">No payments from this member.</p>
      ) : (
        <>
          {totals.data && totals.data.length > 0 ? (
            <dl className="grid gap-1 rounded-lg bg-muted/50 p-3" aria-label="Paid in all">
              {totals.data.map((total) => (
                <div key={total.currency} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <dt className="text-muted-foreground">
                    Paid in {total.currency}
                    {total.refundsMinor > 0
                      ? `, less ${money(total.refundsMinor, total.currency)} refunded`
                      : ""}
                  </dt>
                  <dd className="font-semibold tabular-nums">
                    {money(total.grossMinor - total.refundsMinor, total.currency)}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          <ul className="grid gap-2">
            {rows.map((row) => {
              const what = row.event
                ? `${PURPOSE_LABEL[row.purpose]} · ${row.event.title}`
                : PURPOSE_LABEL[row.purpose];
              return (
                <li key={row.id}>
                  <Link
                    to="/dashboard/$communityId/payments"
                    params={{ communityId }}
                    search={{ payment: row.id }}
                    className="grid grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="min-w-0 truncate font-medium">{what}</span>
                    <span className="font-medium tabular-nums">{money(row.amountMinor, row.currency)}</span>
                    <ChevronRightIcon
                      aria-hidden="true"
                      className="row-span-2 size-4 text-muted-foreground"
                    />
                    <time dateTime={row.createdAt} className="text-muted-foreground">
                      {shortDate.format(new Date(row.createdAt))}
                    </time>
                    <span className="justify-self-end">
                      <Badge variant={STATUS_BADGE[row.status]}>{STATUS_LABEL[row.status]}</Badge>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={list.isFetchingNextPage}
              onClick={() =>
                void list.fetchNextPage().then((result) => {
                  if (result.isError)
                    notify("error", paymentErrorMessage(result.error, "Could not load more payments."));
                })
              }
            >
              {list.isFetchingNextPage ? <Spinner label="Loading more payments" /> : null}
              Show more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
