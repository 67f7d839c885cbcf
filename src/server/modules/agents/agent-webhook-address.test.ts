import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isInternalAddress, postPinned, webhookUrl } from "./agent-webhook-address.ts";

describe("which addresses a webhook may reach", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",
    "224.0.0.251",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::7f00:1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
  ])("refuses %s", (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
  ])("allows the public address %s", (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it("takes https, and plain http only to a loopback host under the test setting", () => {
    expect(webhookUrl("https://crm.example.org/hooks", false).host).toBe("crm.example.org");
    expect(() => webhookUrl("http://crm.example.org/hooks", false)).toThrow(/must start with https/);
    expect(() => webhookUrl("http://127.0.0.1:9000/hooks", false)).toThrow(/must start with https/);
    expect(webhookUrl("http://127.0.0.1:9000/hooks", true).port).toBe("9000");
    expect(webhookUrl("http://localhost:9000/hooks", true).port).toBe("9000");
    expect(() => webhookUrl("http://crm.example.org/hooks", true)).toThrow(/must start with https/);
    expect(() => webhookUrl("ftp://crm.example.org/", true)).toThrow(/must start with https/);
    expect(() => webhookUrl("not a url", false)).toThrow(/not a valid URL/);
  });
});

describe("a pinned webhook call", () => {
  it("connects to the checked address, whatever the host name would resolve to now", async () => {
    const hosts: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      hosts.push(request.headers.host);
      request.resume();
      request.on("end", () => response.end("ok"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // `.invalid` never resolves (RFC 6761): only the pinned address can have been reached.
      const response = await postPinned({
        url: new URL(`http://receiver.invalid:${port}/hooks`),
        pinned: { address: "127.0.0.1", family: 4 },
        headers: { "content-type": "application/json" },
        body: "{}",
        timeoutMs: 5_000,
        maxResponseBytes: 1024,
      });
      expect(response).toMatchObject({ status: 200, responseBytes: 2, truncated: false });
      expect(hosts).toEqual([`receiver.invalid:${port}`]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
