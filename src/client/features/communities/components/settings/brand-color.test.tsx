import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { BrandColorField, whiteTextContrast } from "./brand-color-field.tsx";
import { brandColorSchema } from "./settings-schema.ts";

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <BrandColorField
      id="brand"
      value={value}
      onChange={setValue}
      onBlur={() => undefined}
      error={undefined}
      disabled={false}
    />
  );
}

describe("brand colour", () => {
  it("accepts #rrggbb or nothing, and stores it in lower case", () => {
    expect(brandColorSchema.parse({ brandColor: "#4F46E5" })).toEqual({ brandColor: "#4f46e5" });
    expect(brandColorSchema.parse({ brandColor: "" })).toEqual({ brandColor: "" });
    for (const bad of ["#fff", "4f46e5", "#4f46e5ff", "#ggg000", "red"]) {
      expect(brandColorSchema.safeParse({ brandColor: bad }).success, bad).toBe(false);
    }
  });

  it("computes WCAG contrast against white text", () => {
    expect(whiteTextContrast("#000000")).toBeCloseTo(21, 0);
    expect(whiteTextContrast("#ffffff")).toBeCloseTo(1, 5);
    expect(whiteTextContrast("#777777")).toBeCloseTo(4.48, 1);
    expect(whiteTextContrast("#abc")).toBeNull();
  });

  it("warns when white text on the colour fails WCAG AA, and previews it live", async () => {
    const user = userEvent.setup();
    render(<Harness initial="#4f46e5" />);
    const input = screen.getByLabelText("Brand colour");
    expect(screen.queryByText(/below the 4.5:1/)).toBeNull();
    expect(screen.getByTestId("brand-preview").style.backgroundColor).toBe("rgb(79, 70, 229)");

    await user.clear(input);
    await user.type(input, "#facc15");
    expect(screen.getByText(/below the 4.5:1/)).toBeTruthy();
    expect(input.getAttribute("aria-describedby")).toContain("brand-contrast");
    expect(screen.getByTestId("brand-preview").style.backgroundColor).toBe("rgb(250, 204, 21)");
    expect(screen.getByLabelText<HTMLInputElement>("Pick brand colour").value).toBe("#facc15");
  });
});
