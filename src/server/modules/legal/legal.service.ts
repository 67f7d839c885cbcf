import { readFile } from "node:fs/promises";
import path from "node:path";

export const LEGAL_DOCUMENTS = ["terms", "privacy"] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export type LegalFacts = { operatorName: string; operatorContact: string; appUrl: string };

export const isLegalDocument = (value: string): value is LegalDocument =>
  (LEGAL_DOCUMENTS as readonly string[]).includes(value);

/** Configured values are text, never Markdown: a `[` or `*` in a name must not become a link or emphasis. */
const escapeMarkdown = (value: string) => value.replace(/[\\`*_[\]<>|]/g, (char) => `\\${char}`);

/** Fills `{{operator_name}}`, `{{operator_contact}}` and `{{app_url}}` from the configuration. */
export function fillLegalDocument(source: string, facts: LegalFacts): string {
  const values: Record<string, string> = {
    operator_name: facts.operatorName,
    operator_contact: facts.operatorContact,
    app_url: facts.appUrl,
  };
  return source.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : escapeMarkdown(value);
  });
}

/** Read on each request so an operator's edit shows without a restart. */
export async function readLegalDocument(
  dir: string,
  name: LegalDocument,
  facts: LegalFacts,
): Promise<string> {
  return fillLegalDocument(await readFile(path.join(dir, `${name}.md`), "utf8"), facts);
}
