import { afterEach, beforeAll, vi } from "vitest";

/** A JSON answer (a GraphQL one, usually) for a mocked `fetch`. */
export function jsonResponse(body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
}

/** Set-up for a describe block of component tests that render Radix widgets and spy on `fetch`. */
export function setUpComponentTests() {
  beforeAll(() => {
    // jsdom has no ResizeObserver; Radix's radio group measures itself with one.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterEach(() => vi.restoreAllMocks());
}

/** The server's answer to bad input: one field's error (its code and message) under BAD_USER_INPUT. */
export function fieldErrorResponse(field: string, code: string, message: string, summary = message) {
  return jsonResponse({
    data: null,
    errors: [
      { message: summary, extensions: { code: "BAD_USER_INPUT", fields: [{ field, code, message }] } },
    ],
  });
}
