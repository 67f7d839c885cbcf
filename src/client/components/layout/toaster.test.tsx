import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "#client/lib/notify.ts";
import { LazyToaster } from "./lazy-toaster.tsx";

describe("toasts", () => {
  // sonner keeps its toasts in its module, and a Toaster that subscribes is handed every toast
  // not yet dismissed. One that unmounts before its toasts time out never dismisses them, so the
  // next Toaster (a remounted app; the next test, as the client tests share their modules) showed
  // them again, a "Receipt details saved." from a page before beside the new one.
  it("a remounted Toaster shows only the toasts sent after it, not those the last one was showing", async () => {
    const first = render(<LazyToaster theme="light" />);
    notify("success", "Saved the first time.");
    expect(await screen.findByText("Saved the first time.")).toBeTruthy();
    first.unmount();

    render(<LazyToaster theme="light" />);
    notify("success", "Saved the second time.");
    // A toast handed to the new Toaster on subscribing would be on screen by now: it was queued first.
    expect(await screen.findByText("Saved the second time.")).toBeTruthy();
    expect(screen.queryByText("Saved the first time.")).toBeNull();
  });
});
