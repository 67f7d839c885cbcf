/**
 * Counts in words, by the plural rules of the language the words are in (Intl.PluralRules), with
 * the number written the reader's way: "1 community", "2 communities", "1,200 members". Each
 * wording names its "other" form and the ones its language distinguishes ("one" in English).
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const TEXT_LANGUAGE = "en";
const rules = new Intl.PluralRules(TEXT_LANGUAGE);
const numbers = new Intl.NumberFormat();

/** The word that goes with `count`: `plural(1, { one: "member", other: "members" })` is "member". */
export function plural(count: number, forms: PluralForms): string {
  return forms[rules.select(count)] ?? forms.other;
}

/** The count and its word: "1 community", "12 communities". */
export function countOf(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${plural(count, forms)}`;
}
