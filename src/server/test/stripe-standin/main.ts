// `npm run stripe:standin`: the stand-in on its own, so payments can be tried in a browser without a
// Stripe account. It reads the same .env as the app, so both agree on the keys and the address.
import { startStripeStandin } from "./standin.ts";

function fail(message: string): never {
  process.stderr.write(`stripe stand-in: ${message}\n`);
  process.exit(1);
}

const env = process.env;
const secretKey = env.STRIPE_SECRET_KEY || undefined;
if (secretKey && !/^(sk|rk)_test_\S+$/.test(secretKey)) {
  fail("STRIPE_SECRET_KEY must be a test key (sk_test_…): the stand-in never takes live keys.");
}
const apiUrl = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
const port = env.STRIPE_STANDIN_PORT
  ? Number(env.STRIPE_STANDIN_PORT)
  : Number((apiUrl?.protocol === "http:" && apiUrl.port) || 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`STRIPE_STANDIN_PORT: not a port: ${port}`);

const standin = await startStripeStandin({
  port,
  host: env.STRIPE_STANDIN_HOST || "127.0.0.1",
  secretKey,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
  webhookUrl: env.STRIPE_STANDIN_WEBHOOK_URL || null,
});

process.stdout.write(
  [
    `Stripe stand-in on ${standin.url} (in memory: everything is gone when it stops)`,
    "Give the app:",
    `  STRIPE_API_URL=${standin.url}`,
    `  STRIPE_SECRET_KEY=${secretKey ?? "sk_test_standin (any sk_test_… key is accepted)"}`,
    `  STRIPE_WEBHOOK_SECRET=${standin.webhookSecret}`,
    standin.webhooks.url
      ? `Webhooks go to ${standin.webhooks.url}`
      : "Webhooks are recorded but sent nowhere: set STRIPE_STANDIN_WEBHOOK_URL to the app's endpoint.",
    "",
  ].join("\n"),
);
standin.webhooks.onDelivery = (delivery) => {
  process.stdout.write(
    `webhook ${delivery.type} ${delivery.eventId} -> ${delivery.status || delivery.answer}\n`,
  );
};

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
