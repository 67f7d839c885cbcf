import type { FieldError } from "#server/errors.ts";
import { amountProblem, isPercentOff, PERCENT_OFF, PRICE_MAX_MINOR } from "#shared/pricing.ts";

/** What an organizer sets on a promo code; the event it is for is fixed when it is made. */
export type PromoCodeInput = {
  code: string;
  ticketTypeId?: string | null;
  percentOff?: number | null;
  amountOffMinor?: number | null;
  maxUses?: number | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
};

export type ValidPromoCode = {
  code: string;
  ticketTypeId: string | null;
  percentOff: number | null;
  amountOffMinor: number | null;
  maxUses: number | null;
  startsAt: Date | null;
  expiresAt: Date | null;
};

/** Letters, digits, dashes and underscores, 3 to 40 of them: easy to say aloud and to type. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;

export function validatePromoCode(input: PromoCodeInput): { value: ValidPromoCode; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const err = (field: string, code: string, message: string) => errors.push({ field, code, message });

  const code = input.code.trim();
  if (code === "") err("code", "REQUIRED", "Give the code people will type.");
  else if (!PROMO_CODE_PATTERN.test(code))
    err("code", "INVALID_FORMAT", "Use 3 to 40 letters, digits, dashes or underscores.");

  const percentOff = input.percentOff ?? null;
  const amountOffMinor = input.amountOffMinor ?? null;
  if (percentOff === null && amountOffMinor === null)
    err("discount", "REQUIRED", "Give a percent or an amount off.");
  else if (percentOff !== null && amountOffMinor !== null)
    err("discount", "ONE_DISCOUNT", "Give a percent or an amount off, not both.");
  if (percentOff !== null && !isPercentOff(percentOff))
    err("percentOff", "PERCENT_OUT_OF_RANGE", `Take ${PERCENT_OFF.min} to ${PERCENT_OFF.max} percent off.`);
  if (amountOffMinor !== null) {
    const problem = amountProblem(amountOffMinor);
    if (problem === "TOO_LARGE")
      err(
        "amountOffMinor",
        "PRICE_TOO_LARGE",
        `Take at most ${PRICE_MAX_MINOR.toLocaleString("en-US")} minor units off.`,
      );
    else if (problem !== null || amountOffMinor === 0)
      err("amountOffMinor", "INVALID_AMOUNT", "Take a whole amount of more than 0 off.");
  }

  const maxUses = input.maxUses ?? null;
  if (maxUses !== null && (!Number.isInteger(maxUses) || maxUses < 1))
    err("maxUses", "INVALID_LIMIT", "Allow at least one use, or leave it empty for no limit.");

  const startsAt = input.startsAt ?? null;
  const expiresAt = input.expiresAt ?? null;
  if (startsAt && expiresAt && expiresAt <= startsAt)
    err("expiresAt", "EXPIRES_BEFORE_START", "The code must expire after it starts.");

  return {
    value: {
      code,
      ticketTypeId: input.ticketTypeId?.trim() || null,
      percentOff,
      amountOffMinor,
      maxUses,
      startsAt,
      expiresAt,
    },
    errors,
  };
}
