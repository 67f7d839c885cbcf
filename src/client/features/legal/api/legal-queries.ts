export type LegalDocument = "terms" | "privacy";

export async function fetchLegalDocument(document: LegalDocument, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`/api/legal/${document}`, { signal, headers: { accept: "text/markdown" } });
  if (!response.ok) throw new Error(`Could not load this page (${response.status}).`);
  return response.text();
}
