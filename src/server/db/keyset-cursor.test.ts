import { describe, expect, it } from "vitest";
import { decodeCursorFields, encodeCursor } from "./keyset-cursor.ts";

const fields = { key: 40, tie: 10 };
const refused = (after: string) =>
  expect(() => decodeCursorFields(after, fields)).toThrow(expect.objectContaining({ code: "BAD_CURSOR" }));

describe("keyset cursors", () => {
  it("gives back what was encoded, and nothing for the first page", () => {
    const after = encodeCursor({ key: "2031-05-01 10:00:00.123456+00", tie: "p1" });
    expect(decodeCursorFields(after, fields)).toEqual({ key: "2031-05-01 10:00:00.123456+00", tie: "p1" });
    expect(decodeCursorFields(null, fields)).toBeNull();
    expect(decodeCursorFields("", fields)).toBeNull();
  });

  it("refuses what this server did not write, before it reaches SQL", () => {
    refused("not-a-cursor");
    refused(Buffer.from("[]").toString("base64url"));
    refused(encodeCursor({ key: "k" }));
    refused(encodeCursor({ key: "k", tie: "x".repeat(11) }));
    refused(encodeCursor({ key: "k", tie: "a\u0000b" }));
    refused(Buffer.from(JSON.stringify({ key: 1, tie: "p1" })).toString("base64url"));
  });
});
