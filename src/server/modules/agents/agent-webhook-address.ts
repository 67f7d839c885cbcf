import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

// A webhook's URL is written by an admin, so it must not become a way into the server's own
// network: only public addresses are reached. The host name is resolved once, every address it
// gives is checked, and the connection goes to the checked address (TLS still verifies the host
// name), so a DNS answer that changes between the check and the connection cannot redirect it.
// Redirects are not followed.

/** A webhook the server will not call; the step fails with this message. */
export class WebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookRefused";
  }
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Everything but the public internet: RFC 6890's special-purpose ranges that are not globally reachable. */
const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and the old IPv4-compatible form
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses, including internal ones
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: reaches IPv4 addresses
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), as its IPv4 form. */
function unmapped(address: string): string {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return address;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? "0", 16);
  const low = Number.parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export const isLoopbackAddress = (address: string) => {
  const plain = unmapped(address);
  return loopback.check(plain, familyOf(plain));
};

/** Whether the address is anywhere but the public internet. */
export const isInternalAddress = (address: string) => {
  const plain = unmapped(address);
  return internal.check(plain, familyOf(plain));
};

/**
 * The URL a webhook may be sent to: https, or (test setting) plain http to a loopback host. Throws
 * `WebhookRefused` otherwise. Checks only what the URL says; `resolveWebhookAddress` checks where it leads.
 */
export function webhookUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookRefused("The webhook's URL is not a valid URL.");
  }
  if (url.username || url.password) throw new WebhookRefused("The webhook's URL must not carry credentials.");
  if (url.protocol === "https:") return url;
  const host = hostOf(url);
  const loopbackHost = host === "localhost" || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (url.protocol === "http:" && allowLoopback && loopbackHost) return url;
  throw new WebhookRefused("The webhook's URL must start with https://.");
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The one address the webhook will connect to, after checking every address the host resolves to. */
export async function resolveWebhookAddress(
  url: URL,
  allowLoopback: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookRefused(`The webhook's host ${host} could not be resolved.`);
  }
  const allowed = (address: string) =>
    !isInternalAddress(address) || (allowLoopback && isLoopbackAddress(address));
  // One internal address among several refuses the host: which one a connection would take is not ours to pick.
  const refused = addresses.find((entry) => !allowed(entry.address));
  if (refused) {
    throw new WebhookRefused(
      `The webhook's host ${host} resolves to ${refused.address}, which is not a public address.`,
    );
  }
  const first = addresses[0];
  if (!first) throw new WebhookRefused(`The webhook's host ${host} has no address.`);
  if (url.protocol === "http:" && !isLoopbackAddress(first.address)) {
    throw new WebhookRefused("The webhook's URL must start with https://.");
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export type WebhookResponse = {
  status: number;
  durationMs: number;
  responseBytes: number;
  truncated: boolean;
};

/**
 * POSTs `body` to `url`, connecting only to `pinned`; reads at most `maxResponseBytes` of the
 * answer and gives up after `timeoutMs` in all.
 */
export function postPinned(options: {
  url: URL;
  pinned: { address: string; family: 4 | 6 };
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
}): Promise<WebhookResponse> {
  const { url, pinned } = options;
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise<WebhookResponse>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
        lookup: pinnedLookup,
        // A pooled connection could outlive the check it was made under.
        agent: false,
        signal,
      },
      (response) => {
        let responseBytes = 0;
        let truncated = false;
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            durationMs: Math.round(performance.now() - started),
            responseBytes,
            truncated,
          });
        response.on("data", (chunk: Buffer) => {
          responseBytes += chunk.length;
          if (responseBytes > options.maxResponseBytes && !truncated) {
            truncated = true;
            responseBytes = options.maxResponseBytes;
            response.destroy();
            finish();
          }
        });
        response.on("end", finish);
        response.on("error", (error) => (truncated ? undefined : reject(failure(error))));
      },
    );
    const failure = (error: Error) =>
      signal.aborted
        ? new Error(`The webhook did not answer within ${options.timeoutMs} ms.`)
        : new Error(`The webhook could not be reached: ${error.message}`);
    request.on("error", (error) => reject(failure(error)));
    request.end(options.body);
  });
}
