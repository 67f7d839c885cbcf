import { createHash } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

const GOOGLE = "https://accounts.google.com";

/**
 * The `'sha256-…'` sources of the inline scripts in `html` (a plain `<script>`, no attributes):
 * index.html carries the one that sets the theme before first paint (vite.config.ts inlines it),
 * and the policy allows that script alone, by its hash.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = ""]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
  );
}

/** No inline scripts but those of index.html, allowed by their hashes (`inlineScriptHashes`). */
export function securityHeaders(options: { https: boolean; scriptHashes?: string[] }): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.scriptHashes ?? []), `${GOOGLE}/gsi/client`],
      // Radix positions popovers with style attributes; Google's button brings its stylesheet.
      styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE}/gsi/style`],
      imgSrc: ["'self'", "data:", "blob:", "https://*.googleusercontent.com"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", `${GOOGLE}/gsi/`],
      frameSrc: [`${GOOGLE}/gsi/`],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    crossOriginEmbedderPolicy: false,
  });
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Browsers always send Origin on cross-site and POST requests; without one, Sec-Fetch-Site speaks. */
export const isTrustedOrigin = (
  origin: string | null | undefined,
  fetchSite: string | null | undefined,
  trusted: string[],
) => (origin ? trusted.includes(origin) : fetchSite === "same-origin");

/** The security headers every response carries, as `securityHeaders` sets them, computed once. */
export async function securityHeaderValues(options: {
  https: boolean;
  scriptHashes?: string[];
}): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use("*", securityHeaders(options));
  probe.get("/", (c) => c.body(null, 204));
  const response = await probe.request("/");
  return Object.fromEntries(response.headers);
}

/**
 * State-changing API requests only from the app's own origin, so a forged form or fetch from
 * elsewhere is refused here.
 */
export function requireTrustedOrigin(trusted: string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    if (!isTrustedOrigin(c.req.header("origin"), c.req.header("sec-fetch-site"), trusted)) {
      return c.json({ code: "FORBIDDEN_ORIGIN", message: "Requests must come from this site." }, 403);
    }
    return next();
  };
}

/**
 * PostgreSQL text cannot hold NUL: a `%00` in a path or query would fail deep in SQL (or, in a
 * streamed export, after the headers are sent). Refuse it at the edge with a stable code.
 */
export function refuseNulInUrl(): MiddlewareHandler {
  return async (c, next) => {
    if (/%00/i.test(c.req.url)) {
      return c.json({ code: "BAD_USER_INPUT", message: "The address must not contain NUL characters." }, 400);
    }
    return next();
  };
}
