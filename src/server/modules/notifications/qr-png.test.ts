import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { qrPng } from "./qr-png.ts";

/** The image's pixels as 0 (black) or 1 (white), read back by an independent PNG decoder. */
async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number) => ((data[y * info.width + x] ?? 0) > 127 ? 1 : 0),
  };
}

describe("a check-in code's QR image", () => {
  it("is a 1-bit greyscale PNG of the requested size that a scanner reads back", async () => {
    for (const [code, width] of [
      ["K7Q2-9XJ4", 240],
      ["https://commons.example/e/3f2a?checkin=ABCDEFGH12345678", 251],
    ] as const) {
      const png = qrPng(code, { width, margin: 2, errorCorrectionLevel: "M" });
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: "png", width, height: width, channels: 1 });
      expect(png.readUInt8(24)).toBe(1); // IHDR bit depth
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(code);
    }
  });

  it("draws every module of the library's symbol, with a white quiet zone around it", async () => {
    const code = "QUIET-ZONE-1";
    const { modules } = QRCode.create(code, { errorCorrectionLevel: "M" });
    const width = 240;
    const image = await pixelsOf(qrPng(code, { width, margin: 2, errorCorrectionLevel: "M" }));
    const scale = width / (modules.size + 4);
    // The middle pixel of each module is black exactly where the symbol has a dark module.
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        const x = Math.floor((column + 2 + 0.5) * scale);
        const y = Math.floor((row + 2 + 0.5) * scale);
        expect(image.at(x, y), `module ${row},${column}`).toBe(
          modules.data[row * modules.size + column] ? 0 : 1,
        );
      }
    }
    const border = Math.floor(2 * scale) - 1;
    for (let i = 0; i < width; i++) {
      expect([image.at(i, 0), image.at(0, i), image.at(i, border), image.at(width - 1, i)]).toEqual([
        1, 1, 1, 1,
      ]);
    }
  });
});
