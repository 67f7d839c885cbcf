import type { Env, Hono } from "hono";
import {
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from "#server/modules/payments/ledger.tables.ts";
import { netMinor } from "#server/modules/payments/ledger-rules.ts";
import type { PaymentFilter } from "#server/modules/payments/payment-filter.ts";
import { exportPayments } from "#server/modules/payments/payment-list.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { toDecimalString } from "#shared/money.ts";
import { csvExportRoute, csvRecords, exportParams } from "./csv-export.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

const HEADER = [
  "Date",
  "Payer",
  "Email",
  "Purpose",
  "Event",
  "Currency",
  "Amount",
  "Fee",
  "Refunded",
  "Net",
  "Status",
  "Method",
  "Reference",
  "Note",
  "Paid at",
];

/**
 * `/api/communities/:id/payments.csv`: the payments table's filtered set, newest first, amounts in
 * major units of each row's currency written exactly ("12.345" KWD, "1500" JPY).
 */
export function mountPaymentRoutes<E extends RoutesEnv>(
  app: Hono<E>,
  options: { contextFor: RequestContextFactory },
) {
  csvExportRoute(app, "/api/communities/:id/payments.csv", options.contextFor, async (c, context) => {
    const query = parsePaymentExportQuery(new URL(c.req.url).searchParams);
    const pages = await exportPayments(await context(), c.req.param("id"), query);
    return {
      name: "payments",
      header: HEADER,
      records: csvRecords(pages, (p) => {
        const money = (minor: number) => toDecimalString(minor, p.currency);
        return [
          p.createdAt.toISOString(),
          p.payerName,
          p.payerEmail ?? "",
          p.purpose,
          p.eventTitle ?? "",
          p.currency,
          money(p.amountMinor),
          money(p.feeMinor),
          money(p.refundedMinor),
          money(netMinor(p.amountMinor, p.feeMinor, p.refundedMinor)),
          p.status,
          p.method,
          p.providerRef ?? "",
          p.note,
          p.succeededAt?.toISOString() ?? "",
        ];
      }),
    };
  });
}

/**
 * The table's filter from query parameters named as the GraphQL `PaymentFilter` fields
 * (`status`, `purpose`, `method` may repeat or be comma-separated, in either case), with `search`.
 */
export function parsePaymentExportQuery(params: URLSearchParams): {
  search: string | null;
  filter: PaymentFilter;
} {
  const read = exportParams(params);
  return read.checked({
    search: read.text("search"),
    filter: {
      statuses: read.oneOf("status", PAYMENT_STATUSES),
      purposes: read.oneOf("purpose", PAYMENT_PURPOSES),
      methods: read.oneOf("method", PAYMENT_METHODS),
      eventId: read.text("eventId"),
      planId: read.text("planId"),
      payerUserId: read.text("payerUserId"),
      createdAfter: read.instant("createdAfter"),
      createdBefore: read.instant("createdBefore"),
    },
  });
}
