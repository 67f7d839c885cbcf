// The page parses its URL here, in its own lazily loaded chunk (route-search.ts says why not in the
// route): only values the payments page knows are kept, so every part reads a typed search.

import { day, oneOf, text } from "#client/lib/search-values.ts";

export const PAYMENT_STATUSES = ["SUCCEEDED", "PARTIALLY_REFUNDED", "REFUNDED", "PENDING", "FAILED"] as const;
export const PAYMENT_PURPOSES = ["TICKET", "MEMBERSHIP", "OTHER"] as const;
export const PERIODS = ["7d", "30d", "90d", "thisMonth", "lastMonth", "thisYear", "lastYear"] as const;

export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];
export type PaymentPurposeValue = (typeof PAYMENT_PURPOSES)[number];
export type Period = (typeof PERIODS)[number];

/** The payments page's URL: the totals' period, the table's filters and search, to bookmark and share. */
export type PaymentsSearch = {
  period?: Period | undefined;
  q?: string | undefined;
  status?: PaymentStatusValue | undefined;
  purpose?: PaymentPurposeValue | undefined;
  event?: string | undefined;
  /** A membership plan's id: its membership payments. */
  plan?: string | undefined;
  /** Calendar days (YYYY-MM-DD) in the community's time zone, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
  /** The payment whose drawer is open, so a link (from a member's drawer) can open it. */
  payment?: string | undefined;
};

export function parsePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  return {
    period: oneOf(PERIODS, search.period),
    q: text(search.q, 200),
    status: oneOf(PAYMENT_STATUSES, search.status),
    purpose: oneOf(PAYMENT_PURPOSES, search.purpose),
    event: text(search.event, 100),
    plan: text(search.plan, 100),
    from: day(search.from),
    to: day(search.to),
    payment: text(search.payment, 100),
  };
}

/** What the table shows: the totals' period and the open drawer left out. */
export function listSearchOf(search: PaymentsSearch): PaymentsSearch {
  const { payment: _payment, ...rest } = search;
  return rest;
}

/** Whether anything narrows the table (the totals' period and the open drawer do not). */
export function isFiltered(search: PaymentsSearch): boolean {
  const { period: _period, payment: _payment, ...rest } = search;
  return Object.values(rest).some((value) => value !== undefined);
}
