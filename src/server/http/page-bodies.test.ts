import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodePage, encodingFor } from "./page-bodies.ts";

describe("a kept page's bytes", () => {
  it("hold the same page plain, in gzip and in brotli", async () => {
    const html = `<!doctype html><p>Café — ${"a guest list ".repeat(200)}</p>`;
    const page = await encodePage({ html, status: 200 });
    expect(page.bodies.identity.toString()).toBe(html);
    expect(gunzipSync(page.bodies.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(html);
    expect(page.bodies.br.length).toBeLessThan(page.bodies.identity.length / 10);
  });

  it("go out in what the browser accepts: brotli first, then gzip, never one it refuses", () => {
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip, deflate")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(encodingFor("BR;Q=0.0, GZIP")).toBe("gzip");
    expect(encodingFor("deflate")).toBe("identity");
    expect(encodingFor("")).toBe("identity");
    expect(encodingFor(undefined)).toBe("identity");
  });
});
