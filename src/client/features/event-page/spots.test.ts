// @vitest-environment node
import { describe, expect, it } from "vitest";
import { availability, goingText } from "./spots.ts";

describe("spots left", () => {
  it("counts the seats that are left", () => {
    expect(availability({ spotsLeft: 12, waitlistEnabled: true }).text).toBe("12 spots left");
    expect(availability({ spotsLeft: 1, waitlistEnabled: false }).text).toBe("1 spot left");
  });

  it("says the waitlist is open, or that the event is full, once no seat is left", () => {
    expect(availability({ spotsLeft: 0, waitlistEnabled: true })).toEqual({
      kind: "waitlist",
      text: "Waitlist open",
    });
    expect(availability({ spotsLeft: 0, waitlistEnabled: false })).toEqual({ kind: "full", text: "Full" });
  });

  it("says nothing about seats when there is no limit", () => {
    expect(availability({ spotsLeft: null, waitlistEnabled: true })).toEqual({ kind: "open", text: null });
  });

  it("counts the people going", () => {
    expect(goingText(3)).toBe("3 going");
  });
});
