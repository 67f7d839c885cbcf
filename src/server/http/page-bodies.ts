import { promisify } from "node:util";
import { brotliCompress, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";

// A kept public page (/e/{id}, /c/{slug}) goes out many times a second: its bytes are made once
// when it is kept, plain and brotli (what browsers take), and each request picks one by its
// Accept-Encoding; gzip is made once, for the first client that accepts only that.

export type PageEncoding = "br" | "gzip" | "identity";

/**
 * A page's status and its HTML as bytes: plain, gzip and brotli. `gated`: the page a stranger gets
 * of a members-only event, a sign-in gate instead of the event.
 */
export type EncodedPage = {
  status: 200 | 404;
  gated?: boolean;
  bodies: Readonly<Record<PageEncoding, Buffer>>;
};

const brotli = promisify(brotliCompress);

/**
 * The page's bodies: plain, and brotli compressed on libuv's threads so the server keeps answering
 * meanwhile; gzip when first asked for. Brotli's quality 5 makes about the size of quality 11 on
 * HTML at a small part of its time: a popular page is made again after every registration.
 */
export async function encodePage(page: {
  html: string;
  status: 200 | 404;
  gated?: boolean;
}): Promise<EncodedPage> {
  const identity = Buffer.from(page.html);
  const br = await brotli(identity, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  let gzip: Buffer | undefined;
  const bodies = {
    identity,
    br,
    get gzip() {
      gzip ??= gzipSync(identity, { level: 6 });
      return gzip;
    },
  };
  return { status: page.status, ...(page.gated ? { gated: true } : {}), bodies };
}

/** Accept-Encoding values seen, with the encoding each chose: browsers send a handful of spellings. */
const chosen = new Map<string, PageEncoding>();
const MAX_REMEMBERED = 64;

/**
 * The encoding to answer a request with: brotli, else gzip, when the client accepts it (a `q=0`
 * refuses), else the plain bytes.
 */
export function encodingFor(acceptEncoding: string | null | undefined): PageEncoding {
  if (!acceptEncoding) return "identity";
  let encoding = chosen.get(acceptEncoding);
  if (encoding) return encoding;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
  if (chosen.size >= MAX_REMEMBERED) chosen.clear();
  chosen.set(acceptEncoding, encoding);
  return encoding;
}

/** The headers that say how a page's body of `encoding` is sent; caches must key it by Accept-Encoding. */
export function encodingHeaders(encoding: PageEncoding, body: Buffer): Record<string, string | number> {
  return {
    vary: "Accept-Encoding",
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": body.length,
  };
}

/** A kept page as the Hono app answers it, in the encoding the request accepts. */
export function answerPage(c: Context, page: EncodedPage): Response {
  const encoding = encodingFor(c.req.header("accept-encoding"));
  const body = page.bodies[encoding];
  c.header("content-type", "text/html; charset=UTF-8");
  for (const [name, value] of Object.entries(encodingHeaders(encoding, body))) c.header(name, String(value));
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), page.status);
}
