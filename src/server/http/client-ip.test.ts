import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-ip.ts";

describe("clientAddress", () => {
  it("ignores X-Forwarded-For unless a proxy is trusted, so a client cannot pick its own address", () => {
    expect(clientAddress({ peer: "203.0.113.9", forwardedFor: "1.2.3.4", trust: { kind: "none" } })).toBe(
      "203.0.113.9",
    );
  });
  it("takes the address the trusted hop saw", () => {
    expect(
      clientAddress({
        peer: "10.0.0.2",
        forwardedFor: "6.6.6.6, 198.51.100.7",
        trust: { kind: "hops", hops: 1 },
      }),
    ).toBe("198.51.100.7");
  });
  it("skips trusted proxy addresses from the right", () => {
    expect(
      clientAddress({
        peer: "127.0.0.1",
        forwardedFor: "6.6.6.6, 198.51.100.7",
        trust: { kind: "addresses", addresses: ["loopback"] },
      }),
    ).toBe("198.51.100.7");
  });
  it("unwraps IPv4-mapped IPv6 peers", () => {
    expect(clientAddress({ peer: "::ffff:192.0.2.1", forwardedFor: null, trust: { kind: "none" } })).toBe(
      "192.0.2.1",
    );
  });
});
