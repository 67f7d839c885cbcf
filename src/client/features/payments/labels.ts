import type {
  ManualPaymentMethod,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
} from "#client/gql/graphql.ts";
import { formatMoney } from "#shared/money.ts";

export const STATUS_LABEL: Record<PaymentStatus, string> = {
  PENDING: "Pending",
  SUCCEEDED: "Paid",
  FAILED: "Failed",
  REFUNDED: "Refunded",
  PARTIALLY_REFUNDED: "Partly refunded",
};

export const STATUS_BADGE: Record<
  PaymentStatus,
  "success" | "destructive" | "outline" | "secondary" | "default"
> = {
  PENDING: "outline",
  SUCCEEDED: "success",
  FAILED: "destructive",
  REFUNDED: "secondary",
  PARTIALLY_REFUNDED: "default",
};

export const PURPOSE_LABEL: Record<PaymentPurpose, string> = {
  TICKET: "Ticket",
  MEMBERSHIP: "Membership",
  OTHER: "Other",
};

export const METHOD_LABEL: Record<PaymentMethod, string> = {
  STRIPE: "Card (Stripe)",
  CASH: "Cash",
  BANK_TRANSFER: "Bank transfer",
  OTHER: "Other",
};

export const MANUAL_METHODS: ManualPaymentMethod[] = ["CASH", "BANK_TRANSFER", "OTHER"];

/** The person's own locale: how they read numbers, with the currency's own decimals. */
export const viewerLocale = () => (typeof navigator === "undefined" ? "en" : navigator.language || "en");

export const money = (amountMinor: number, currency: string) =>
  formatMoney(amountMinor, currency, viewerLocale());

export const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
export const exactDate = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });
