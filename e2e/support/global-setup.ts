// Playwright global setup: a capturing SMTP server, the Stripe and Twilio stand-ins, the GitHub,
// Facebook and X sign-in stand-in, and the app server (production build) on a fixed port, with
// payments, texts and those providers going to the stand-ins. The function it returns is
// Playwright's global teardown and stops them all.
import { startOAuthStandIn } from "#server/modules/auth/oauth-standin.test-support.ts";
import { startTwilioStandin } from "#server/modules/auth/twilio-standin.test-support.ts";
import { startStripeStandin } from "#server/test/stripe-standin/standin.ts";
import { ensureClientBuilt, startAppServer } from "./app-server.ts";
import { E2E_PORT, mailDir } from "./paths.ts";
import { startSmtpCapture } from "./smtp-capture.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureClientBuilt();
  const smtp = await startSmtpCapture(mailDir);
  // On a free port of its own; it sends its signed webhooks to the app's endpoint as they happen.
  const stripe = await startStripeStandin({
    secretKey: "sk_test_e2e",
    webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/stripe/webhook`,
  });
  const twilio = await startTwilioStandin();
  // The journeys read texted codes back from the stand-in (support/texts.ts).
  process.env.E2E_TWILIO_URL = twilio.url;
  process.env.E2E_TWILIO_ACCOUNT_SID = twilio.accountSid;
  process.env.E2E_TWILIO_AUTH_TOKEN = twilio.authToken;
  const oauth = await startOAuthStandIn();
  let app: Awaited<ReturnType<typeof startAppServer>>;
  try {
    // Journeys sign many visitors in over HTTP; each claims its own address (support/session.ts).
    app = await startAppServer({
      port: E2E_PORT,
      smtpUrl: smtp.url,
      name: "e2e-server",
      // Migrating a fresh PGlite database takes more than a minute on a busy two-core machine.
      readyTimeoutMs: 180_000,
      env: {
        TRUST_PROXY: "loopback",
        STRIPE_API_URL: stripe.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        TWILIO_API_URL: twilio.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: twilio.from,
        ...oauth.env(),
      },
    });
  } catch (error) {
    await twilio.close();
    await oauth.close();
    await stripe.close();
    await smtp.stop();
    throw error;
  }
  console.log(
    `e2e: app at ${app.url} (log: ${app.logFile}), mail captured in ${mailDir}, Stripe stand-in at ${stripe.url}, Twilio stand-in at ${twilio.url}, sign-in stand-in at ${oauth.url}`,
  );

  return async () => {
    await app.stop();
    await twilio.close();
    await oauth.close();
    await stripe.close();
    await smtp.stop();
  };
}
