import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createStripeClient } from "./stripe-client.ts";

type Seen = { method?: string; url?: string; headers: IncomingMessage["headers"] };

/** A server that answers every request with one Stripe-shaped account and remembers what it got. */
async function listen(host: string) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ id: "acct_seen", object: "account", charges_enabled: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { seen, server, port: (server.address() as AddressInfo).port };
}

const servers: { close(): unknown }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("createStripeClient", () => {
  it("sends the library's requests to STRIPE_API_URL with the secret key", async () => {
    const { seen, server, port } = await listen("127.0.0.1");
    servers.push(server);
    const stripe = createStripeClient({ secretKey: "sk_test_commons", apiUrl: `http://127.0.0.1:${port}` });
    const account = await stripe.accounts.retrieve("acct_seen");
    expect(account.id).toBe("acct_seen");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe("GET");
    expect(seen[0]?.url).toBe("/v1/accounts/acct_seen");
    expect(seen[0]?.headers.authorization).toBe("Bearer sk_test_commons");
  });

  it("reaches an IPv6 loopback address written with brackets", async () => {
    const listening = await listen("::1");
    servers.push(listening.server);
    const stripe = createStripeClient({
      secretKey: "sk_test_commons",
      apiUrl: `http://[::1]:${listening.port}`,
    });
    await stripe.accounts.retrieve("acct_seen");
    expect(listening.seen[0]?.url).toBe("/v1/accounts/acct_seen");
  });
});
