// Phone numbers in the browser: the smaller `min` metadata (lengths only); the server checks the
// number fully before texting it.
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";

export type { CountryCode };

export type CountryOption = { code: CountryCode; label: string };

let options: CountryOption[] | undefined;

/** Every country with its dialling code, by name: "United Kingdom (+44)". */
export function countryOptions(): CountryOption[] {
  if (options) return options;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  options = getCountries()
    .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  return options;
}

/** The region of the browser's language (en-GB -> GB; plain "fr" -> FR), or the United States. */
export function browserCountry(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): CountryCode {
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).maximize().region;
      if (region && isSupportedCountry(region)) return region;
    } catch {
      // An unparsable language tag says nothing about the country.
    }
  }
  return "US";
}

/** The number in E.164 (+447400123456), or null when it cannot be a number of that country. */
export function toE164(input: string, country: CountryCode): string | null {
  const trimmed = input.trim();
  if (!/\d/.test(trimmed)) return null;
  const parsed = trimmed.startsWith("+")
    ? parsePhoneNumberFromString(trimmed)
    : parsePhoneNumberFromString(trimmed, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** "+44 7400 123456" for a stored E.164 number. */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
