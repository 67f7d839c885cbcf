import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { DateRangeFilter } from "#client/components/filters/date-range-filter.tsx";
import { FilterSelect } from "#client/components/filters/filter-select.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import { cn } from "#client/lib/cn.ts";
import { paymentEventsQueryOptions, paymentPlansQueryOptions } from "../api/payments-queries.ts";
import { PURPOSE_LABEL, STATUS_LABEL } from "../labels.ts";
import {
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type PaymentsSearch,
  parsePaymentsSearch,
} from "../search-params.ts";

type Props = { communityId: string; search: PaymentsSearch; onChange: (next: PaymentsSearch) => void };

/** Search and filters of the payments table; every change goes to the URL. */
export function PaymentFilters({ communityId, search, onChange }: Props) {
  const id = useId();
  const { data: events } = useQuery(paymentEventsQueryOptions(communityId));
  const { data: plans } = useQuery(paymentPlansQueryOptions(communityId));
  const set = (patch: Partial<Record<keyof PaymentsSearch, unknown>>) =>
    onChange(parsePaymentsSearch({ ...search, ...patch }));
  const eventOptions: [string, string][] = (events ?? []).map((e) => [e.id, e.title]);
  // A link may name an event not in the first pages; it stays selectable under its id.
  if (search.event && !eventOptions.some(([value]) => value === search.event))
    eventOptions.unshift([search.event, "The chosen event"]);
  const planOptions: [string, string][] = (plans ?? []).map((p) => [
    p.id,
    p.archived ? `${p.name} (archived)` : p.name,
  ]);
  // With a plan filter, four selects share a row on wide screens rather than one sitting alone.
  const withPlans = planOptions.length > 0;
  return (
    <div className={cn("grid gap-3 sm:grid-cols-2", withPlans ? "xl:grid-cols-4" : "xl:grid-cols-3")}>
      <div className={cn("sm:col-span-2", withPlans ? "xl:col-span-4" : "xl:col-span-3")}>
        <SearchField
          id={`${id}-q`}
          label="Search by payer name or email"
          value={search.q ?? ""}
          onSearch={(q) => set({ q })}
        />
      </div>
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        all="All statuses"
        value={search.status}
        options={PAYMENT_STATUSES.map((v) => [v, STATUS_LABEL[v]])}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        id={`${id}-purpose`}
        label="Purpose"
        all="All purposes"
        value={search.purpose}
        options={PAYMENT_PURPOSES.map((v) => [v, PURPOSE_LABEL[v]])}
        onChange={(purpose) => set({ purpose })}
      />
      <FilterSelect
        id={`${id}-event`}
        label="Event"
        all="All events"
        value={search.event}
        options={eventOptions}
        onChange={(event) => set({ event })}
      />
      {withPlans ? (
        <FilterSelect
          id={`${id}-plan`}
          label="Plan"
          all="All plans"
          value={search.plan}
          options={planOptions}
          onChange={(plan) => set({ plan })}
        />
      ) : null}
      <DateRangeFilter
        id={`${id}-date`}
        legend="Date"
        hideLegend
        className={cn("sm:col-span-2", withPlans ? "xl:col-span-4" : "xl:col-span-3")}
        from={search.from}
        to={search.to}
        onChange={(from, to) => set({ from, to })}
      />
    </div>
  );
}
