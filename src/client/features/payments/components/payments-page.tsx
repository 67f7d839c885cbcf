import { useQuery, useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { CatchBoundary } from "@tanstack/react-router";
import { Suspense, useState } from "react";
import { EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { ListError, ListSkeleton, ListSummary, LoadMore } from "#client/components/layout/list-states.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { PaymentRowFieldsFragment } from "#client/gql/graphql.ts";
import { paymentQueryOptions, paymentsCsvHref, paymentsQueryOptions } from "../api/payments-queries.ts";
import { paymentErrorMessage } from "../error-message.ts";
import { DEFAULT_PERIOD } from "../periods.ts";
import { isFiltered, listSearchOf, type PaymentsSearch } from "../search-params.ts";
import { PaymentDrawer } from "./payment-drawer.tsx";
import { PaymentFilters } from "./payment-filters.tsx";
import { PaymentTotals } from "./payment-totals.tsx";
import { PaymentsTable } from "./payments-table.tsx";
import { RecordPaymentDialog } from "./record-payment-dialog.tsx";

type Props = {
  communityId: string;
  currency: string;
  timeZone: string;
  search: PaymentsSearch;
  onSearchChange: (next: PaymentsSearch) => void;
};

/**
 * Totals for a period, then the ledger's table with its filters, export, drawer and "Record payment".
 * The drawer's payment is in the URL (`payment`), so a link can open it.
 */
export function PaymentsPage(props: Props) {
  const { communityId, currency, timeZone, search, onSearchChange } = props;
  const listSearch = listSearchOf(search);
  // The row's payer names the drawer at once; a link's payment is named once it has loaded.
  const [rowName, setRowName] = useState<{ id: string; name: string } | null>(null);
  const reversed = Boolean(search.from && search.to && search.from > search.to);
  return (
    <div className="grid gap-6">
      <PaymentTotals
        communityId={communityId}
        timeZone={timeZone}
        period={search.period ?? DEFAULT_PERIOD}
        onPeriodChange={(period) => onSearchChange({ ...search, period })}
      />
      <section aria-labelledby="payments-list-title" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payments-list-title" className="text-lg font-semibold">
            Payments
          </h2>
          <RecordPaymentDialog communityId={communityId} currency={currency} />
        </div>
        <PaymentFilters communityId={communityId} search={search} onChange={onSearchChange} />
        {reversed ? (
          <EmptyPanel>Fix the dates above: a range cannot end before it starts.</EmptyPanel>
        ) : (
          <CatchBoundary getResetKey={() => JSON.stringify(listSearch)} errorComponent={PaymentsListError}>
            <Suspense fallback={<ListSkeleton label="Loading payments" rows={6} />}>
              <PaymentList
                key={JSON.stringify(listSearch)}
                {...props}
                onOpen={(row) => {
                  setRowName({ id: row.id, name: row.payer.name });
                  onSearchChange({ ...search, payment: row.id });
                }}
              />
            </Suspense>
          </CatchBoundary>
        )}
      </section>
      <OpenPayment
        communityId={communityId}
        paymentId={search.payment ?? null}
        rowName={rowName && rowName.id === search.payment ? rowName.name : ""}
        onClose={() => onSearchChange({ ...search, payment: undefined })}
      />
    </div>
  );
}

/** The drawer of the payment the URL names, titled with its payer once it has loaded. */
function OpenPayment({
  communityId,
  paymentId,
  rowName,
  onClose,
}: {
  communityId: string;
  paymentId: string | null;
  rowName: string;
  onClose: () => void;
}) {
  const { data } = useQuery({
    ...paymentQueryOptions(communityId, paymentId ?? ""),
    enabled: paymentId !== null,
  });
  return (
    <PaymentDrawer
      communityId={communityId}
      paymentId={paymentId}
      name={paymentId && data?.id === paymentId ? data.payer.name : rowName}
      onClose={onClose}
    />
  );
}

function PaymentList({
  communityId,
  timeZone,
  search: fullSearch,
  onSearchChange,
  onOpen,
}: Props & { onOpen: (row: PaymentRowFieldsFragment) => void }) {
  const search = listSearchOf(fullSearch);
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    paymentsQueryOptions(communityId, search, timeZone),
  );
  const rows = data.pages.flatMap((page) => page.nodes);
  const total = data.pages[0]?.totalCount ?? rows.length;
  const totalCapped = data.pages[0]?.totalCountCapped ?? false;
  const filtered = isFiltered(search);
  return (
    <div className="grid gap-4">
      <ListSummary
        total={total}
        capped={totalCapped}
        noun={["payment", "payments"]}
        filtered={filtered}
        csvHref={rows.length > 0 ? paymentsCsvHref(communityId, search, timeZone) : null}
      />
      {rows.length === 0 ? (
        <EmptyPanel>
          {filtered ? (
            <>
              <p>No payments match these filters.</p>
              <Button variant="link" onClick={() => onSearchChange({ period: search.period })}>
                Clear filters
              </Button>
            </>
          ) : (
            <p>
              No payments yet. Use “Record payment” for cash or bank transfers you received; card payments
              appear here on their own once they go through.
            </p>
          )}
        </EmptyPanel>
      ) : (
        <PaymentsTable rows={rows} total={total} totalCapped={totalCapped} onOpen={onOpen} />
      )}
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        loadingLabel="Loading more payments"
        messageOf={(error) => paymentErrorMessage(error, "Could not load more payments.")}
      />
    </div>
  );
}

function PaymentsListError(props: { error: unknown; reset: () => void }) {
  return (
    <ListError
      {...props}
      messageOf={(error) => paymentErrorMessage(error, "The payments could not be loaded.")}
    />
  );
}
