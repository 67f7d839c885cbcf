import { expect } from "vitest";
import type { TestBrowser } from "#server/test/harness.ts";

export const PROMO_FIELDS = `id code eventId eventTitle ticketTypeId ticketTypeName percentOff amountOffMinor currency
  maxUses uses startsAt expiresAt active status`;

export type PromoCodeResult = {
  id: string;
  code: string;
  eventId: string | null;
  eventTitle: string | null;
  ticketTypeId: string | null;
  ticketTypeName: string | null;
  percentOff: number | null;
  amountOffMinor: number | null;
  currency: string;
  maxUses: number | null;
  uses: number;
  startsAt: string | null;
  expiresAt: string | null;
  active: boolean;
  status: string;
};

export type PromoCodeInputShape = {
  code: string;
  ticketTypeId?: string | null;
  percentOff?: number | null;
  amountOffMinor?: number | null;
  maxUses?: number | null;
  startsAt?: string | null;
  expiresAt?: string | null;
};

export const createPromo = (
  browser: TestBrowser,
  communityId: string,
  eventId: string | null,
  input: PromoCodeInputShape,
) =>
  browser.graphql<{ createPromoCode: PromoCodeResult }>(
    `mutation ($communityId: ID!, $eventId: ID, $input: PromoCodeInput!) {
      createPromoCode(communityId: $communityId, eventId: $eventId, input: $input) { ${PROMO_FIELDS} } }`,
    { communityId, eventId, input },
  );

/** A promo code made for the test, checked to have worked. */
export async function promo(
  browser: TestBrowser,
  communityId: string,
  eventId: string | null,
  input: PromoCodeInputShape,
): Promise<PromoCodeResult> {
  const created = await createPromo(browser, communityId, eventId, input);
  expect(created.errors).toBeUndefined();
  return created.data?.createPromoCode as PromoCodeResult;
}

export const listPromos = (browser: TestBrowser, communityId: string, eventId: string | null = null) =>
  browser.graphql<{ promoCodes: { nodes: PromoCodeResult[]; pageInfo: { hasNextPage: boolean } } }>(
    `query ($communityId: ID!, $eventId: ID) {
      promoCodes(communityId: $communityId, eventId: $eventId) { nodes { ${PROMO_FIELDS} } pageInfo { hasNextPage } } }`,
    { communityId, eventId },
  );

/** `updatePromoCode`; `eventId` is sent only when given (left out, the code keeps its event). */
export const updatePromo = (
  browser: TestBrowser,
  id: string,
  input: PromoCodeInputShape,
  eventId?: string | null,
) =>
  browser.graphql<{ updatePromoCode: PromoCodeResult }>(
    eventId === undefined
      ? `mutation ($id: ID!, $input: PromoCodeInput!) { updatePromoCode(id: $id, input: $input) { ${PROMO_FIELDS} } }`
      : `mutation ($id: ID!, $eventId: ID, $input: PromoCodeInput!) {
          updatePromoCode(id: $id, eventId: $eventId, input: $input) { ${PROMO_FIELDS} } }`,
    eventId === undefined ? { id, input } : { id, eventId, input },
  );

export const setPromoActive = (browser: TestBrowser, id: string, active: boolean) =>
  browser.graphql<{ deactivatePromoCode?: PromoCodeResult; reactivatePromoCode?: PromoCodeResult }>(
    `mutation ($id: ID!) { ${active ? "reactivatePromoCode" : "deactivatePromoCode"}(id: $id) { ${PROMO_FIELDS} } }`,
    { id },
  );
