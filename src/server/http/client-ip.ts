import { isIP } from "node:net";
import type { TrustProxy } from "#server/config.ts";

const normalize = (address: string) => {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  return trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4
    ? trimmed.slice(7)
    : trimmed;
};

const isLoopback = (address: string) => address === "::1" || address.startsWith("127.");

/**
 * The address of the client that opened the request, believing `X-Forwarded-For` only as far as
 * TRUST_PROXY allows: by default not at all, so nobody can pick their own rate-limit key.
 */
export function clientAddress(options: {
  peer: string;
  forwardedFor: string | null;
  trust: TrustProxy;
}): string {
  const peer = normalize(options.peer);
  if (options.trust.kind === "none" || !options.forwardedFor) return peer;
  const chain = [
    ...options.forwardedFor
      .split(",")
      .map(normalize)
      .filter((a) => isIP(a) !== 0),
    peer,
  ];
  if (options.trust.kind === "hops") {
    return chain[Math.max(0, chain.length - 1 - options.trust.hops)] ?? peer;
  }
  const trusted = options.trust.addresses;
  const isTrusted = (address: string) =>
    trusted.includes(address) || (trusted.includes("loopback") && isLoopback(address));
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i] as string;
    if (!isTrusted(address)) return address;
  }
  return chain[0] ?? peer;
}
