// Playwright global setup: a capturing SMTP server and the app server (production build) on a fixed
// port. The function it returns is Playwright's global teardown and stops both.
import { ensureClientBuilt, startAppServer } from "./app-server.ts";
import { E2E_PORT, mailDir } from "./paths.ts";
import { startSmtpCapture } from "./smtp-capture.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureClientBuilt();
  const smtp = await startSmtpCapture(mailDir);
  let app: Awaited<ReturnType<typeof startAppServer>>;
  try {
    // Journeys sign many visitors in over HTTP; each claims its own address (support/session.ts).
    app = await startAppServer({
      port: E2E_PORT,
      smtpUrl: smtp.url,
      name: "e2e-server",
      env: { TRUST_PROXY: "loopback" },
    });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  console.log(`e2e: app at ${app.url} (log: ${app.logFile}), mail captured in ${mailDir}`);

  return async () => {
    await app.stop();
    await smtp.stop();
  };
}
