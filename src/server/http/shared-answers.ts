import { createHash } from "node:crypto";
import type { PublicReadCache } from "./public-read-cache.ts";

type Answer = { body: string; headers: [string, string][] };

/**
 * Signed-out GraphQL requests answered from memory before GraphQL sees them (decision 010).
 * Yoga's response cache already keeps the result of a shared query, but a hit there still reads
 * the body through a web stream, parses the parameters, hashes the document and serializes the
 * result again. This keeps the finished answer next to that entry: same entities, same expiry, so
 * whatever invalidates one invalidates the other. The key is the request as sent: body, Origin
 * and Accept (which decide the CORS headers and the content type).
 */
export function createSharedAnswers(cache: PublicReadCache) {
  const keyOf = (request: Request, body: string) =>
    createHash("sha256")
      .update(`${request.headers.get("origin") ?? ""}\n${request.headers.get("accept") ?? ""}\n${body}`)
      .digest("base64url");

  return {
    async answer(request: Request, run: (request: Request) => Promise<Response>): Promise<Response> {
      const body = await request.text();
      const key = keyOf(request, body);
      const known = cache.answers.get(key) as Answer | undefined;
      if (known) return new Response(known.body, { status: 200, headers: known.headers });
      const response = await run(
        new Request(request.url, { method: "POST", headers: request.headers, body }),
      );
      // The plugin names the entry it kept in the ETag header; no ETag, nothing was kept.
      const entry = response.headers.get("etag");
      if (response.status !== 200 || !entry) return response;
      const text = await response.text();
      const headers = [...response.headers].filter(([name]) => name !== "content-length");
      cache.answers.set(key, entry, { body: text, headers } satisfies Answer);
      return new Response(text, { status: 200, headers });
    },
  };
}
