import { describe, expect, it } from "vitest";
import { contentDispositionHeader } from "./content-disposition.ts";

describe("contentDispositionHeader", () => {
  it("keeps printable ASCII values as they were stored", () => {
    expect(contentDispositionHeader('inline; filename="logo.png"')).toBe('inline; filename="logo.png"');
    expect(contentDispositionHeader(null)).toBe("inline");
  });

  it("encodes non-Latin-1 names per RFC 6266 with an ASCII fallback", () => {
    expect(contentDispositionHeader('attachment; filename="é€.txt"')).toBe(
      "attachment; filename=\"__.txt\"; filename*=UTF-8''%C3%A9%E2%82%AC.txt",
    );
    expect(contentDispositionHeader("attachment; filename=naïve (1).txt")).toBe(
      "attachment; filename=\"na_ve (1).txt\"; filename*=UTF-8''na%C3%AFve%20%281%29.txt",
    );
  });

  it("prefers a valid filename* and never lets a control or non-ASCII byte through", () => {
    const header = contentDispositionHeader("inline; filename=\"é\"; filename*=UTF-8''%E2%82%AC.pdf");
    expect(header).toBe("inline; filename=\"_.pdf\"; filename*=UTF-8''%E2%82%AC.pdf");
    expect(contentDispositionHeader("weird€")).toBe("inline");
  });
});
