import { describe, expect, it } from "vitest";
import { AuthError, SECOND_FACTOR_REQUIRED } from "#client/lib/auth-client.ts";
import { isSecondFactorRequired, secondStepHref } from "./second-step.ts";

describe("on to the second step of a sign-in", () => {
  it("keeps where the sign-in pages were headed", () => {
    expect(secondStepHref({ pathname: "/otp", search: "?redirect=%2Fdashboard%2Fc1" })).toBe(
      "/two-factor?redirect=%2Fdashboard%2Fc1",
    );
    expect(secondStepHref({ pathname: "/login", search: "" })).toBe("/two-factor");
  });

  it("comes back to the page that signed in inline", () => {
    expect(secondStepHref({ pathname: "/e/ev1", search: "?ticket=t1" })).toBe(
      "/two-factor?redirect=%2Fe%2Fev1%3Fticket%3Dt1",
    );
  });

  it("is recognised by the seed's code", () => {
    expect(isSecondFactorRequired(new AuthError("more", SECOND_FACTOR_REQUIRED, 200))).toBe(true);
    expect(isSecondFactorRequired(new AuthError("wrong", "INVALID_OTP", 400))).toBe(false);
  });
});
