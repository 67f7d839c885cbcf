/**
 * Money is an integer amount of a currency's minor units (cents, yen, fils) plus an ISO 4217 code,
 * everywhere: in the database, over GraphQL and towards the payment provider. These helpers are
 * the only place that knows how many minor units make one major unit.
 */

/** ISO 4217 currencies whose minor unit is the unit itself (no decimals). */
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

/** ISO 4217 currencies with a thousandth as minor unit. */
const THREE_DECIMAL = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

/** ISO 4217 units of account with four decimals. */
const FOUR_DECIMAL = new Set(["CLF", "UYW"]);

/** More digits than this and an amount of minor units is no longer an exact JavaScript number. */
const MAX_AMOUNT_DIGITS = 15;

/** The amount `parseMoney` accepts at most, in minor units of any currency. */
export const MONEY_MAX_MINOR = 10 ** MAX_AMOUNT_DIGITS - 1;

export type MoneyProblem = "EMPTY" | "INVALID" | "NEGATIVE" | "TOO_PRECISE" | "TOO_LARGE";

export type MoneyParse = { ok: true; amount: number } | { ok: false; problem: MoneyProblem };

/** `EUR` for ` eur `; null for anything that is not a currency code this runtime knows. */
export function currencyCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  return Intl.supportedValuesOf("currency").includes(code) ? code : null;
}

/** Decimal places of the currency's minor unit: 0 for JPY, 3 for KWD, 2 for most. */
export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  if (FOUR_DECIMAL.has(code)) return 4;
  return 2;
}

/** The amount as an exact decimal string in major units: 1234 USD -> "12.34", 1234 JPY -> "1234". */
export function toDecimalString(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`not a whole amount: ${amountMinor}`);
  const digits = minorUnitDigits(currency);
  const sign = amountMinor < 0 ? "-" : "";
  const padded = String(Math.abs(amountMinor)).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${padded}`;
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** For people: `formatMoney(123456, "EUR", "de-DE")` is "1.234,56 €"; always the currency's own decimals. */
export function formatMoney(amountMinor: number, currency: string, locale = "en"): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toDecimalString(amountMinor, currency) as Intl.StringNumericLiteral);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The locale's separators, digits and the currency's symbols, as a person would type them. */
function localeShape(currency: string, locale: string) {
  const plain = new Intl.NumberFormat(locale);
  const part = (value: number, type: Intl.NumberFormatPartTypes) =>
    plain.formatToParts(value).find((p) => p.type === type)?.value;
  const decimal = part(1.5, "decimal") ?? ".";
  const group = part(1_000_000, "group") ?? ",";
  const digits = new Intl.NumberFormat(locale, { useGrouping: false }).format(1234567890);
  const symbols = (["symbol", "narrowSymbol", "code", "name"] as const).flatMap((display) =>
    new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: display })
      .formatToParts(2)
      .filter((p) => p.type === "currency")
      .map((p) => p.value),
  );
  return { decimal, group, digits, symbols };
}

/**
 * What a person typed ("12.50", "€ 1,234.5", "1.234,56" in German) as minor units of the
 * currency, read with the locale's separators. Nothing is rounded: more decimals than the
 * currency has (other than trailing zeros) is TOO_PRECISE, and a separator in a place the locale
 * does not put one (such as "1,5" in English) is INVALID rather than a guess.
 */
export function parseMoney(input: string, currency: string, locale = "en"): MoneyParse {
  const code = currency.toUpperCase();
  const shape = localeShape(code, locale);
  let text = input;
  for (const symbol of [...shape.symbols, code].sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(escapeRegExp(symbol), "gi"), "");
  }
  // Latin digits for the locale's own (Arabic-Indic and others), typed apostrophes for the Swiss one.
  text = text.replace(/\p{Nd}/gu, (digit) => {
    const ascii = "1234567890"[shape.digits.indexOf(digit)];
    return ascii ?? digit;
  });
  const group = /\s/.test(shape.group) ? "" : shape.group;
  if (group === "’") text = text.replace(/'/g, "’");
  text = text.replace(/\s+/g, "");
  if (text === "") return { ok: false, problem: "EMPTY" };
  if (/^[-−]/.test(text)) return { ok: false, problem: "NEGATIVE" };
  const g = escapeRegExp(group);
  const d = escapeRegExp(shape.decimal);
  const integer = group ? `(?:\\d{1,3}(?:${g}\\d{3})+|\\d+)` : "\\d+";
  const match = new RegExp(`^(?:(${integer})(?:${d}(\\d*))?|${d}(\\d+))$`).exec(text);
  if (!match) return { ok: false, problem: "INVALID" };
  const whole = (match[1] ?? "0").split(group || " ").join("");
  const fraction = (match[2] ?? match[3] ?? "").replace(/0+$/, "");
  const places = minorUnitDigits(code);
  if (fraction.length > places) return { ok: false, problem: "TOO_PRECISE" };
  const minor = `${whole}${fraction.padEnd(places, "0")}`.replace(/^0+(?=\d)/, "");
  if (minor.length > MAX_AMOUNT_DIGITS) return { ok: false, problem: "TOO_LARGE" };
  return { ok: true, amount: Number(minor) };
}
