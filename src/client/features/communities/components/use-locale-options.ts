import { useMemo } from "react";
import type { SelectOption } from "#client/components/ui/searchable-select.tsx";
import { supportedCurrencies, supportedTimeZones } from "#client/features/communities/locale-defaults.ts";

export function useLocaleOptions(): { timeZoneOptions: SelectOption[]; currencyOptions: SelectOption[] } {
  const timeZoneOptions = useMemo<SelectOption[]>(
    () => supportedTimeZones().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
    [],
  );
  const currencyOptions = useMemo<SelectOption[]>(() => {
    const names = new Intl.DisplayNames(undefined, { type: "currency" });
    return supportedCurrencies().map((code) => {
      const name = names.of(code) ?? code;
      return { value: code, label: `${code} — ${name}`, keywords: name };
    });
  }, []);
  return { timeZoneOptions, currencyOptions };
}
