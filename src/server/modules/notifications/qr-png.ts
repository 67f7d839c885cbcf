import { crc32, deflateSync } from "node:zlib";
import QRCode from "qrcode";

// A QR code as a 1-bit greyscale PNG (decision 046). The qrcode library's own PNG renderer fills an
// RGBA array pixel by pixel and hands it to pngjs; every "you're going" mail makes one on the event
// loop, and that was the largest single cost of a registration's mail. Here the modules come from
// the same library (`QRCode.create`), each pixel row is packed eight pixels to the byte, a row is
// built once per module row, and node's zlib does the rest.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

export type QrPngOptions = {
  /** The image's width and height in pixels. */
  width: number;
  /** White modules around the code (the quiet zone). */
  margin: number;
  errorCorrectionLevel: "L" | "M" | "Q" | "H";
};

/**
 * Black modules on white, `width` pixels square (at least one pixel per module); a module's pixels
 * are those whose position, scaled back, falls in it, so a width that is not a multiple of the
 * modules still fills the image.
 */
export function qrPng(text: string, options: QrPngOptions): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: options.errorCorrectionLevel });
  const size = modules.size;
  const total = size + options.margin * 2;
  // At least a pixel per module: a smaller image could not be read.
  const width = Math.max(options.width, total);
  /** The module column (or row) of each pixel column (or row); -1 in the quiet zone. */
  const moduleAt = Array.from({ length: width }, (_, pixel) => {
    const m = Math.floor((pixel * total) / width) - options.margin;
    return m >= 0 && m < size ? m : -1;
  });
  const rowBytes = Math.ceil(width / 8);
  // Each pixel row: filter type 0, then the pixels, 1 bit each (1 = white), high bit first.
  const raw = Buffer.alloc((rowBytes + 1) * width);
  let previous: Buffer | null = null;
  let previousModuleRow = Number.NaN;
  for (let y = 0; y < width; y++) {
    const row = raw.subarray(y * (rowBytes + 1), (y + 1) * (rowBytes + 1));
    const moduleRow = moduleAt[y] as number;
    if (previous && moduleRow === previousModuleRow) {
      previous.copy(row);
      continue;
    }
    row.fill(0xff, 1);
    row[0] = 0;
    if (moduleRow >= 0) {
      for (let x = 0; x < width; x++) {
        const moduleColumn = moduleAt[x] as number;
        if (moduleColumn >= 0 && modules.data[moduleRow * size + moduleColumn]) {
          const at = 1 + (x >> 3);
          row[at] = (row[at] as number) & ~(0x80 >> (x & 7));
        }
      }
    }
    previous = row;
    previousModuleRow = moduleRow;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
