import { formatMoney } from "#shared/money.ts";

/** Text for HTML, with the five characters that could end an element or an attribute escaped. */
export function escapeHtml(text: unknown): string {
  return String(text ?? "").replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const money = (amount: unknown, currency: unknown) =>
  formatMoney(Number(amount), String(currency).toUpperCase(), "en");

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; color: #1f2933; background: #f5f7fa; }
  body { margin: 0; }
  .banner { background: #5b21b6; color: #ffffff; padding: 0.5rem 1rem; font-size: 0.875rem; }
  main { max-width: 32rem; margin: 2rem auto; background: #ffffff; padding: 1.5rem; border-radius: 0.5rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.375rem; margin-top: 0; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: 0.375rem 0; border-bottom: 1px solid #d9e2ec; }
  td.amount, th.amount { text-align: right; }
  label { display: block; margin-top: 0.75rem; font-weight: 600; }
  input { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem;
    border: 1px solid #52606d; border-radius: 0.25rem; font: inherit; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; flex-wrap: wrap; }
  button { font: inherit; padding: 0.625rem 1rem; border-radius: 0.25rem; border: 1px solid #5b21b6; cursor: pointer; }
  button.primary { background: #5b21b6; color: #ffffff; }
  button.secondary { background: #ffffff; color: #5b21b6; }
  :focus-visible { outline: 3px solid #0b69a3; outline-offset: 2px; }
  form.inline { display: inline; }
  a { color: #0b4f8a; }
`;

/** One hosted page: a test-mode banner so nobody takes it for Stripe itself, then the content. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe stand-in</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">Stripe stand-in · test mode · no real money moves</div>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const back = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "";
  return page(title, `<p>${escapeHtml(message)}</p>${back}`);
}
