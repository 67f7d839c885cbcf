import { describe, expect, it } from "vitest";
import { isClientRoute } from "./client-routes.ts";

describe("isClientRoute", () => {
  it.each([
    "/",
    "/login",
    "/terms/",
    "/e/8d0c7a8e-0000-4000-8000-000000000000",
    "/dashboard",
    "/dashboard/abc/events",
    "/dashboard/abc/events/def/check-in",
    "/event/abc/edit",
  ])("knows %s", (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each(["/no/such/page", "/e", "/e/abc/extra", "/dashboard/abc/nothing", "/login.php", "/%E0%A4%A"])(
    "does not know %s",
    (path) => {
      expect(isClientRoute(path)).toBe(false);
    },
  );
});
