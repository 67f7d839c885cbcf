import { describe, expect, it } from "vitest";
import { PREVIEW_BYTES, previewCsv } from "./csv-preview.ts";

describe("the import preview", () => {
  it("shows the header and first rows and finds the email, name and tags columns by their headers", () => {
    const preview = previewCsv(
      '\uFEFFFull name,Joined,E-mail,Labels\r\nAda Guest,2024,ada@example.test,vip; early\r\n"Lee, Bo",2023,bo@example.test,\r\n',
    );
    expect(preview.header).toEqual(["Full name", "Joined", "E-mail", "Labels"]);
    expect(preview.rows).toEqual([
      ["Ada Guest", "2024", "ada@example.test", "vip; early"],
      ["Lee, Bo", "2023", "bo@example.test", ""],
    ]);
    expect(preview.detected).toEqual({ email: 2, name: 0, tags: 3 });
  });

  it("finds addresses by their cells when no header names them, and drops a line cut off by the preview's end", () => {
    const rows = Array.from({ length: 400 }, (_, i) => `Person ${i},person${i}@example.test`).join("\n");
    const start = `who,contact\n${rows}`.slice(0, PREVIEW_BYTES);
    const preview = previewCsv(start);
    expect(preview.detected).toEqual({ email: 1, name: null, tags: null });
    expect(preview.rows).toHaveLength(5);
  });
});
