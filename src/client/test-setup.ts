import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy* and waitFor poll for 1 s by default; a loaded two-core CI machine can take longer.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  // A test that fails while the clock is faked must not leave it faked for the next one.
  vi.useRealTimers();
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = "";
});
