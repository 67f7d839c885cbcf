import { percentOf } from "#shared/pricing.ts";

export type Discount = { percentOff: number } | { amountOffMinor: number };

export type LineAmounts = {
  unitPriceMinor: number;
  /** Taken off each ticket: never more than it costs. */
  unitDiscountMinor: number;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
};

/**
 * What `quantity` tickets at `unitPriceMinor` come to, with a discount taken off each ticket.
 * Whole minor units throughout: a percent is rounded half up per ticket (so every ticket of an
 * order costs the same, and a refund of one ticket is that ticket's price), and no discount
 * makes a ticket cost less than nothing: 100 % off is free.
 */
export function priceLine(unitPriceMinor: number, quantity: number, discount: Discount | null): LineAmounts {
  const off =
    discount === null
      ? 0
      : "percentOff" in discount
        ? percentOf(unitPriceMinor, discount.percentOff)
        : discount.amountOffMinor;
  const unitDiscountMinor = Math.min(off, unitPriceMinor);
  const subtotalMinor = unitPriceMinor * quantity;
  const discountMinor = unitDiscountMinor * quantity;
  return {
    unitPriceMinor,
    unitDiscountMinor,
    subtotalMinor,
    discountMinor,
    totalMinor: subtotalMinor - discountMinor,
  };
}
