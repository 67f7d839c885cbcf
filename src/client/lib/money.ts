import { formatMoney, minorUnitDigits, parseMoney, toDecimalString } from "#shared/money.ts";
import { PRICE_MAX_MINOR } from "#shared/pricing.ts";

/** The person's own locale: prices are shown and typed the way they write numbers. */
export function viewerLocale(): string {
  return typeof navigator === "undefined" ? "en" : navigator.language || "en";
}

/** "€12.50", "¥1,200", "KWD 1.250": always the currency's own decimals. */
export function formatPrice(amountMinor: number, currency: string, locale = viewerLocale()): string {
  return formatMoney(amountMinor, currency, locale);
}

/** An amount as a person would type it in a field: "12.50" (or "12,50" in German), no symbol or grouping. */
export function amountForInput(amountMinor: number, currency: string, locale = viewerLocale()): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(toDecimalString(amountMinor, currency) as Intl.StringNumericLiteral);
}

export type PriceParse = { ok: true; amount: number } | { ok: false; message: string };

/**
 * A typed price in minor units of the currency, or what to tell the person. Nothing is rounded:
 * "12.345" in euros or "12.5" in yen is refused, as the currency cannot hold it.
 */
export function parsePrice(text: string, currency: string, locale = viewerLocale()): PriceParse {
  const parsed = parseMoney(text, currency, locale);
  if (parsed.ok) {
    if (parsed.amount > PRICE_MAX_MINOR) {
      return {
        ok: false,
        message: `A ticket can cost at most ${formatPrice(PRICE_MAX_MINOR, currency, locale)}.`,
      };
    }
    return parsed;
  }
  const digits = minorUnitDigits(currency);
  switch (parsed.problem) {
    case "NEGATIVE":
      return { ok: false, message: "A price can't be negative. Leave it empty for a free ticket." };
    case "TOO_PRECISE":
      return {
        ok: false,
        message:
          digits === 0
            ? `${currency} has no smaller unit: use a whole amount.`
            : `${currency} amounts have at most ${digits} decimal${digits === 1 ? "" : "s"}.`,
      };
    case "TOO_LARGE":
      return {
        ok: false,
        message: `A ticket can cost at most ${formatPrice(PRICE_MAX_MINOR, currency, locale)}.`,
      };
    default:
      return {
        ok: false,
        message: `Enter an amount like ${amountForInput(1250 * 10 ** Math.max(0, digits - 2), currency, locale)}.`,
      };
  }
}
