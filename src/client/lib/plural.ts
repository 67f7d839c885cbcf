/**
 * Counts in words, by the plural rules of the language the words are in (Intl.PluralRules), with
 * the number written the reader's way: "1 community", "2 communities", "1,200 members". Each
 * wording names its "other" form and the ones its language distinguishes ("one" in English).
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const TEXT_LANGUAGE = "en";
// Made at first use, not when the module loads: the first Intl object a page makes loads the
// browser's locale data (tens of milliseconds on a phone), which would otherwise lengthen the one
// task that runs every module of a server-rendered page.
let rules: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;

/** The word that goes with `count`: `plural(1, { one: "member", other: "members" })` is "member". */
export function plural(count: number, forms: PluralForms): string {
  rules ??= new Intl.PluralRules(TEXT_LANGUAGE);
  return forms[rules.select(count)] ?? forms.other;
}

/** The count and its word: "1 community", "12 communities". */
export function countOf(count: number, forms: PluralForms): string {
  numbers ??= new Intl.NumberFormat();
  return `${numbers.format(count)} ${plural(count, forms)}`;
}
