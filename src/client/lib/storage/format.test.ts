// @vitest-environment node
import { describe, expect, it } from "vitest";
import { StorageError } from "./errors.ts";
import { decodeString } from "./format.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof StorageError ? error.code : "not a StorageError";
  }
  return undefined;
}

describe("decodeString", () => {
  it("encodes raw strings as UTF-8", () => {
    expect(Array.from(decodeString("é€", "raw").bytes)).toEqual([0xc3, 0xa9, 0xe2, 0x82, 0xac]);
    expect(decodeString("", "raw").bytes.length).toBe(0);
  });

  it("decodes base64 with or without padding", () => {
    expect(text(decodeString("aGVsbG8=", "base64").bytes)).toBe("hello");
    expect(text(decodeString("aGVsbG8", "base64").bytes)).toBe("hello");
    expect(Array.from(decodeString("+/8=", "base64").bytes)).toEqual([0xfb, 0xff]);
  });

  it("refuses base64url-only characters in base64, naming the character", () => {
    expect(codeOf(() => decodeString("-_8=", "base64"))).toBe("storage/invalid-format");
    expect(() => decodeString("ab_c", "base64")).toThrow(/'_'.*base64url/);
  });

  it("decodes base64url and refuses the standard alphabet's + and /", () => {
    expect(Array.from(decodeString("-_8", "base64url").bytes)).toEqual([0xfb, 0xff]);
    expect(codeOf(() => decodeString("+/8=", "base64url"))).toBe("storage/invalid-format");
    expect(() => decodeString("ab/c", "base64url")).toThrow(/'\/'.*base64 encoded/);
  });

  it("refuses characters outside both alphabets and impossible lengths", () => {
    expect(codeOf(() => decodeString("ab$c", "base64"))).toBe("storage/invalid-format");
    expect(codeOf(() => decodeString("abcde", "base64"))).toBe("storage/invalid-format");
    expect(codeOf(() => decodeString("a=bc", "base64"))).toBe("storage/invalid-format");
  });

  it("reads a base64 data URL and its content type", () => {
    const decoded = decodeString("data:image/png;base64,iVBORw==", "data_url");
    expect(decoded.contentType).toBe("image/png");
    expect(Array.from(decoded.bytes)).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("reads a percent-encoded data URL, keeping media-type parameters", () => {
    const decoded = decodeString("data:text/plain;charset=utf-8,caf%C3%A9%20au%20lait", "data_url");
    expect(decoded.contentType).toBe("text/plain;charset=utf-8");
    expect(text(decoded.bytes)).toBe("café au lait");
  });

  it("accepts a data URL without a type", () => {
    const decoded = decodeString("data:,hi", "data_url");
    expect(decoded.contentType).toBeUndefined();
    expect(text(decoded.bytes)).toBe("hi");
    expect(text(decodeString("data:;base64,aGk=", "data_url").bytes)).toBe("hi");
  });

  it("rejects malformed data URLs", () => {
    expect(codeOf(() => decodeString("image/png;base64,AAAA", "data_url"))).toBe("storage/invalid-format");
    expect(codeOf(() => decodeString("data:image/png;base64", "data_url"))).toBe("storage/invalid-format");
    expect(codeOf(() => decodeString("data:text/plain,%E0%A4%A", "data_url"))).toBe("storage/invalid-format");
    expect(codeOf(() => decodeString("data:image/png;base64,ab-c", "data_url"))).toBe(
      "storage/invalid-format",
    );
  });
});
