import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { forgetPublicConfig } from "./lib/auth-client.ts";
import { server } from "./test-network.ts";

// findBy* and waitFor poll for 1 s by default; a loaded two-core CI machine can take longer.
configure({ asyncUtilTimeout: 10_000 });

// Files that need no page (`@vitest-environment node`) skip jsdom's set-up, the larger part of
// this project's time; everything below that touches the page is for the others.
const hasPage = typeof window !== "undefined";

// jsdom does not implement scrolling; the router's scroll restoration calls it.
if (hasPage) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has no ResizeObserver; Radix's radio group and menus measure themselves with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const unhandled: string[] = [];

beforeAll(() =>
  server.listen({
    // A request no handler answers fails (the app sees a network error) and fails the test below,
    // so a test cannot pass on a request it never meant to make.
    async onUnhandledFrame({ frame }) {
      const message = await frame.getUnhandledMessage();
      unhandled.push(message);
      throw new Error(message);
    },
  }),
);

afterEach(() => {
  // A test that fails while the clock is faked must not leave it faked for the next one.
  vi.useRealTimers();
  server.resetHandlers();
  // Each test is a page load of its own: what /api/config said is asked again.
  forgetPublicConfig();
  if (hasPage) {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.documentElement.className = "";
  }
  if (unhandled.length > 0) {
    const messages = unhandled.splice(0);
    throw new Error(`The test made requests no handler answered:\n${messages.join("\n")}`);
  }
});

afterAll(() => server.close());
