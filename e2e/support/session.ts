import type { APIRequestContext, Page } from "@playwright/test";
import { uniqueEmail, waitForCode } from "./mail.ts";
import { E2E_PORT } from "./paths.ts";
import { waitForTextedCode } from "./texts.ts";

const origin = `http://localhost:${E2E_PORT}`;

/**
 * Each sign-in stands for a different visitor: it claims its own client address through the
 * trusted loopback proxy (TRUST_PROXY=loopback in the journeys' server), so the suite's many
 * sign-ins do not add up against the per-address limits one real visitor meets.
 */
const visitorAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Signs in through the real code flow over HTTP; the cookies land in the page's browser context. */
export async function signInByApi(request: APIRequestContext, name: string, email = uniqueEmail()) {
  const since = Date.now();
  const headers = { origin, "x-forwarded-for": visitorAddress() };
  const sent = await request.post("/api/auth/email-otp/send-verification-otp", {
    data: { email, type: "sign-in" },
    headers,
  });
  if (!sent.ok()) throw new Error(`send code: ${sent.status()} ${await sent.text()}`);
  const otp = await waitForCode(email, 15_000, since);
  const verified = await request.post("/api/auth/sign-in/email-otp", {
    data: { email, otp },
    headers,
  });
  if (!verified.ok()) throw new Error(`verify: ${verified.status()} ${await verified.text()}`);
  await request.post("/api/auth/update-user", { data: { name }, headers: { origin } });
  return email;
}

/** Signs up (or in) with a code texted to `e164`, as /login's phone form does; no address is given. */
export async function signInByPhoneApi(request: APIRequestContext, name: string, e164: string) {
  const since = Date.now();
  const headers = { origin, "x-forwarded-for": visitorAddress() };
  const sent = await request.post("/api/auth/phone-number/send-otp", {
    data: { phoneNumber: e164 },
    headers,
  });
  if (!sent.ok()) throw new Error(`send text: ${sent.status()} ${await sent.text()}`);
  const code = await waitForTextedCode(e164, since);
  const verified = await request.post("/api/auth/phone-number/verify", {
    data: { phoneNumber: e164, code },
    headers,
  });
  if (!verified.ok()) throw new Error(`verify: ${verified.status()} ${await verified.text()}`);
  await request.post("/api/auth/update-user", { data: { name }, headers: { origin } });
}

export async function createCommunityByApi(request: APIRequestContext, name: string): Promise<string> {
  return (await openCommunityByApi(request, name)).id;
}

/** An open public community the signed-in owner (on `request`) runs; its slug names its page. */
export async function openCommunityByApi(
  request: APIRequestContext,
  name: string,
): Promise<{ id: string; slug: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
  const response = await request.post("/api/graphql", {
    headers: { origin },
    data: {
      query: "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
      variables: {
        input: {
          name,
          slug,
          timeZone: "Europe/Berlin",
          currency: "EUR",
          visibility: "PUBLIC",
          joinPolicy: "OPEN",
        },
      },
    },
  });
  const body = (await response.json()) as { data?: { createCommunity: { id: string } } };
  if (!body.data) throw new Error(`createCommunity: ${JSON.stringify(body)}`);
  return { id: body.data.createCommunity.id, slug };
}

/** Enters the emailed code on /otp as a person would, after /login sent it. */
export async function enterCodeFromMail(page: Page, email: string, since: number) {
  const code = await waitForCode(email, 15_000, since);
  await page.getByLabel("Verification code").fill(code);
}
