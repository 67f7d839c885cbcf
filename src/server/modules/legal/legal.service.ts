import { readFile } from "node:fs/promises";
import path from "node:path";

export const LEGAL_DOCUMENTS = ["terms", "privacy"] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const isLegalDocument = (value: string): value is LegalDocument =>
  (LEGAL_DOCUMENTS as readonly string[]).includes(value);

/** Read on each request so an operator's edit shows without a restart. */
export async function readLegalDocument(dir: string, name: LegalDocument): Promise<string> {
  return readFile(path.join(dir, `${name}.md`), "utf8");
}
