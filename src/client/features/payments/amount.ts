import { minorUnitDigits, parseMoney, toDecimalString } from "#shared/money.ts";

export type AmountRead = { ok: true; amountMinor: number } | { ok: false; message: string };

/**
 * What a person typed as an amount of the currency, read with their locale's separators: minor
 * units, or the sentence to show next to the field. Nothing is rounded.
 */
export function readAmount(
  text: string,
  currency: string,
  locale: string,
  options: { allowZero?: boolean } = {},
): AmountRead {
  const parsed = parseMoney(text, currency, locale);
  if (parsed.ok)
    return parsed.amount > 0 || (options.allowZero && parsed.amount === 0)
      ? { ok: true, amountMinor: parsed.amount }
      : { ok: false, message: "Enter an amount above zero." };
  const digits = minorUnitDigits(currency);
  switch (parsed.problem) {
    case "EMPTY":
      return { ok: false, message: "Enter the amount." };
    case "NEGATIVE":
      return { ok: false, message: "Enter an amount above zero." };
    case "TOO_PRECISE":
      return {
        ok: false,
        message:
          digits === 0
            ? `${currency} has no smaller unit: enter a whole amount.`
            : `${currency} has ${digits} decimal places at most.`,
      };
    case "TOO_LARGE":
      return { ok: false, message: "That amount is too large." };
    case "INVALID":
      return { ok: false, message: `Enter an amount such as ${typedExample(currency, locale)}.` };
  }
}

/**
 * An amount as a person would type it back in their locale, without the currency: "12.50",
 * "12,50", "1500". Without an amount, twelve and a half units of the currency (twelve for yen).
 */
export function typedExample(currency: string, locale: string, amountMinor?: number): string {
  const digits = minorUnitDigits(currency);
  const amount = amountMinor ?? 12 * 10 ** digits + (digits > 0 ? 5 * 10 ** (digits - 1) : 0);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(toDecimalString(amount, currency) as Intl.StringNumericLiteral);
}
