// Someone who signed up by phone has only a placeholder email (src/shared/phone.ts): mail meant
// for them is skipped, never handed to SMTP.
import { like } from "drizzle-orm";
import { expect, it } from "vitest";
import { outboxMessage } from "#server/db/schema.ts";
import { serverWithTexts } from "#server/modules/auth/texting-server.test-support.ts";
import { communityWithOwner, join } from "#server/modules/membership/membership-test-support.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";

const texting = serverWithTexts();

it("skips the mail of someone who signed up by phone, never handing it to SMTP", async () => {
  const { communityId, owner } = await communityWithOwner(texting.t, { joinPolicy: "APPROVAL" });
  const pat = texting.t.browser();
  const number = "+447400555123";
  await pat.post("/api/auth/phone-number/send-otp", { phoneNumber: number });
  const signedIn = await pat.post("/api/auth/phone-number/verify", {
    phoneNumber: number,
    code: await texting.twilio.codeFor(number),
  });
  expect(signedIn.status).toBe(200);
  await pat.post("/api/auth/update-user", { name: "Pat Phone" });

  const asked = await join(pat, communityId);
  expect(asked.data?.joinCommunity.status).toBe("PENDING");
  const approved = await owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { status } }", {
    id: asked.data?.joinCommunity.id,
  });
  expect(approved.errors).toBeUndefined();
  await texting.t.drain();

  const skipped = await texting.t.server.database.db
    .select({ sentAt: outboxMessage.sentAt })
    .from(outboxMessage)
    .where(like(outboxMessage.lastError, "skipped: no email address (signed up by phone)"));
  expect(skipped.length).toBeGreaterThan(0);
  expect(skipped.every((row) => row.sentAt !== null)).toBe(true);
  expect(texting.t.smtp.mails.some((mail) => mail.to.some((to) => isPhoneOnlyEmail(to)))).toBe(false);
});
