import { afterAll, beforeAll } from "vitest";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { phoneOverridesOf, startTwilioStandin, type TwilioStandin } from "./twilio-standin.test-support.ts";

/**
 * The file's test server with phone sign-in on, its texts going to a Twilio stand-in: both start
 * before the file's first test and stop after its last. Read the fields inside tests.
 */
export function serverWithTexts(): { t: TestServer; twilio: TwilioStandin } {
  const started = {} as { t: TestServer; twilio: TwilioStandin };
  beforeAll(async () => {
    started.twilio = await startTwilioStandin();
    started.t = await startTestServer({ overrides: phoneOverridesOf(started.twilio) });
  });
  afterAll(async () => {
    await started.t.close();
    await started.twilio.close();
  });
  return started;
}
