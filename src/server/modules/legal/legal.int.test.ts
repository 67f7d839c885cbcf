import { Marked } from "marked";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    overrides: { operator: { name: "Harbour *Guild* e.V.", contact: "legal@harbour.example" } },
  });
});
afterAll(() => t.close());

/** What a reader sees: the Markdown rendered as the client renders it, comments and tags dropped. */
function visibleText(markdown: string): string {
  const html = new Marked({ gfm: true, async: false }).parse(markdown, { async: false });
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&");
}

describe.each(["terms", "privacy"])("/api/legal/%s", (document) => {
  it("names the configured operator and contact, and shows no placeholder", async () => {
    const response = await fetch(`${t.url}/api/legal/${document}`);
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Harbour *Guild* e.V.");
    expect(text).toContain("legal@harbour.example");
    expect(text).not.toContain("[");
    expect(text).not.toContain("{{");
  });
});
