import { passkey } from "@better-auth/passkey";
import { eq } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { passkey as passkeyTable } from "./passkey.tables.ts";

/**
 * The one route that signs someone in with a passkey. A passkey is already two factors (the
 * device, and the biometric or PIN that unlocks it), so a second-factor check must let sessions
 * made here through.
 */
export const PASSKEY_SIGN_IN_PATH = "/passkey/verify-authentication";

/** The passkey routes /me and /login use (auth-routes.ts). */
export const PASSKEY_ROUTES = [
  "GET /passkey/generate-register-options",
  "POST /passkey/verify-registration",
  "GET /passkey/generate-authenticate-options",
  `POST ${PASSKEY_SIGN_IN_PATH}`,
  "POST /passkey/update-passkey",
  "POST /passkey/delete-passkey",
] as const;

/**
 * WebAuthn on better-auth: the relying party is the app's host (APP_URL), and only the app's own
 * origin may answer a challenge, whatever Origin a request claims.
 */
export function passkeyPlugin(config: Config, db: Db) {
  const appUrl = new URL(config.appUrl);
  return passkey({
    rpID: appUrl.hostname,
    rpName: "Commons",
    origin: appUrl.origin,
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    authentication: {
      async afterVerification({ clientData }) {
        await db
          .update(passkeyTable)
          .set({ lastUsedAt: new Date() })
          .where(eq(passkeyTable.credentialID, clientData.id));
      },
    },
  });
}
