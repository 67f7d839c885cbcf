import { describe, expect, it } from "vitest";
import { DomainError } from "#server/errors.ts";
import {
  checkTransition,
  type RegistrationState,
  SEAT_HOLDING,
  stateOf,
  TRANSITIONS,
  type TransitionReason,
} from "./registration-transitions.ts";

const STATES: RegistrationState[] = [
  "none",
  "going",
  "waitlisted",
  "pending",
  "held",
  "declined",
  "canceled",
  "checked_in",
];
const REASONS: TransitionReason[] = [
  "register",
  "cancel",
  "decline",
  "approve",
  "move",
  "promote",
  "check_in",
  "undo_check_in",
  "checkout",
  "paid",
  "expire",
  "offer",
  "reconsider",
];

const allowed = new Set(
  TRANSITIONS.flatMap((t) =>
    t.from.flatMap((from) => t.reasons.map((reason) => `${from} ${t.to} ${reason}`)),
  ),
);

function refusal(from: RegistrationState, to: RegistrationState, reason: TransitionReason) {
  try {
    checkTransition(from, to, reason);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  return null;
}

describe("the registration transition table", () => {
  it("allows exactly these changes, each for its reasons", () => {
    expect([...allowed].sort()).toEqual(
      [
        "none going register",
        "none waitlisted register",
        "none pending register",
        "declined going register",
        "declined waitlisted register",
        "declined pending register",
        "canceled going register",
        "canceled waitlisted register",
        "canceled pending register",
        "going canceled cancel",
        "waitlisted canceled cancel",
        "pending canceled cancel",
        "going declined decline",
        "waitlisted declined decline",
        "pending declined decline",
        "checked_in declined decline",
        "pending going approve",
        "pending waitlisted approve",
        "waitlisted going move",
        "waitlisted going promote",
        "going checked_in check_in",
        "checked_in going undo_check_in",
        "none held checkout",
        "declined held checkout",
        "canceled held checkout",
        "held going paid",
        "held canceled expire",
        "waitlisted held offer",
        "pending held offer",
        "going pending reconsider",
        "waitlisted pending reconsider",
        "declined pending reconsider",
      ].sort(),
    );
  });

  it("lets every allowed change through", () => {
    for (const key of allowed) {
      const [from, to, reason] = key.split(" ") as [RegistrationState, RegistrationState, TransitionReason];
      expect(refusal(from, to, reason), key).toBeNull();
    }
  });

  it("refuses every other change as a conflict, with the reason's own message", () => {
    let refused = 0;
    for (const from of STATES) {
      for (const to of STATES) {
        for (const reason of REASONS) {
          const key = `${from} ${to} ${reason}`;
          if (allowed.has(key)) continue;
          const error = refusal(from, to, reason);
          expect(error, key).not.toBeNull();
          const expected =
            reason === "register" || reason === "checkout"
              ? "ALREADY_REGISTERED"
              : reason === "cancel" && from === "checked_in"
                ? "CHECKED_IN"
                : "CONFLICT";
          expect(error?.code, key).toBe(expected);
          refused++;
        }
      }
    }
    expect(refused).toBe(STATES.length * STATES.length * REASONS.length - allowed.size);
  });

  it("says why in words a person understands", () => {
    expect(refusal("waitlisted", "checked_in", "check_in")?.message).toBe(
      "Only people who are going can be checked in.",
    );
    expect(refusal("going", "going", "approve")?.message).toBe("Only pending registrations can be approved.");
    expect(refusal("pending", "going", "move")?.message).toBe("Only waitlisted registrations can be moved.");
    expect(refusal("checked_in", "canceled", "cancel")?.message).toBe(
      "You're already checked in, so this registration can't be canceled.",
    );
    // Seats held for a payment end with it: nobody cancels or declines them by hand meanwhile.
    for (const reason of ["cancel", "decline"] as const)
      expect(refusal("held", reason === "cancel" ? "canceled" : "declined", reason)?.message).toBe(
        "These seats are waiting for their payment: they are released if it does not go through.",
      );
  });

  it("reads the state from a stored row, checked in being going with a check-in time", () => {
    expect(stateOf(null)).toBe("none");
    expect(stateOf({ status: "going", checkedInAt: null })).toBe("going");
    expect(stateOf({ status: "going", checkedInAt: new Date() })).toBe("checked_in");
    expect(stateOf({ status: "waitlisted", checkedInAt: null })).toBe("waitlisted");
  });

  it("frees seats only when leaving going, checked in, or held for a payment", () => {
    expect([...SEAT_HOLDING].sort()).toEqual(["checked_in", "going", "held"]);
  });
});
