const EURO_REGIONS = new Set([
  "AT",
  "BE",
  "HR",
  "CY",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PT",
  "SK",
  "SI",
  "ES",
]);

const REGION_CURRENCY: Record<string, string> = {
  US: "USD",
  GB: "GBP",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  JP: "JPY",
  IN: "INR",
  CH: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  BR: "BRL",
  MX: "MXN",
  ZA: "ZAR",
  SG: "SGD",
  CN: "CNY",
  KR: "KRW",
  HK: "HKD",
  IL: "ILS",
  TR: "TRY",
  AR: "ARS",
  NG: "NGN",
  KE: "KES",
  AE: "AED",
  SA: "SAR",
  ID: "IDR",
  PH: "PHP",
};

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Intl has no region-to-currency table, so a short list covers common regions and USD covers the rest. */
export function defaultCurrency(locale: string | undefined): string {
  if (!locale) return "USD";
  try {
    const region = new Intl.Locale(locale).maximize().region;
    if (!region) return "USD";
    if (EURO_REGIONS.has(region)) return "EUR";
    return REGION_CURRENCY[region] ?? "USD";
  } catch {
    return "USD";
  }
}

export function supportedTimeZones(): string[] {
  try {
    const zones = Intl.supportedValuesOf("timeZone");
    return zones.includes("UTC") ? zones : ["UTC", ...zones];
  } catch {
    return ["UTC"];
  }
}

export function supportedCurrencies(): string[] {
  try {
    return Intl.supportedValuesOf("currency");
  } catch {
    return ["USD", "EUR", "GBP"];
  }
}
