/**
 * Drives a hosted page of the stand-in the way a browser would, with fetch: loads the page,
 * finds the form whose button reads `button`, fills its fields (defaults from the page, then
 * `fields`) and submits it without following the redirect, so a test sees where it leads.
 */
export async function submitHostedForm(
  pageUrl: string,
  button: string,
  fields: Record<string, string> = {},
): Promise<{ page: Response; html: string; answer: Response }> {
  const page = await fetch(pageUrl, { redirect: "manual" });
  const html = await page.text();
  const forms = [...html.matchAll(/<form\b[^>]*\baction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)];
  const form = forms.find((match) =>
    new RegExp(`<button[^>]*>\\s*${escapeRegExp(button)}`).test(match[2] ?? ""),
  );
  if (!form) throw new Error(`no form with a "${button}" button on ${pageUrl} (${page.status}):\n${html}`);
  const body = new URLSearchParams();
  for (const input of (form[2] ?? "").matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    if (name) body.set(name, decodeEntities(/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? ""));
  }
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const answer = await fetch(new URL(decodeEntities(form[1] ?? ""), pageUrl), {
    method: "POST",
    body,
    redirect: "manual",
  });
  return { page, html, answer };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const decodeEntities = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
