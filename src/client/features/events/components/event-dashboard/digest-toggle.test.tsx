import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, setUpComponentTests } from "#client/test-component.ts";
import { DigestToggle } from "./digest-toggle.tsx";

const label = "Email me a daily digest of new registrations";

describe("daily registrations digest toggle", () => {
  setUpComponentTests();

  it("shows the new state from the click on, while the server saves it, and keeps it after", async () => {
    let answerSave: (value: Response) => void = () => {};
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation((_url, init) => {
      const body = JSON.parse(String(init?.body)) as { query: string };
      if (body.query.includes("setRegistrationDigest")) {
        return new Promise<Response>((resolve) => {
          answerSave = resolve;
        });
      }
      return jsonResponse({ data: { registrationDigest: false } });
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false } },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <DigestToggle communityId="c1" />
      </QueryClientProvider>,
    );
    const box = screen.getByLabelText(label);
    await waitFor(() => expect(box.matches(":disabled")).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(false);

    fireEvent.click(box);
    // Right after the click, before any answer: ticked, and not clickable twice.
    expect((box as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(box.matches(":disabled")).toBe(true);

    void answerSave(await jsonResponse({ data: { setRegistrationDigest: true } }));
    await waitFor(() => expect(box.matches(":disabled")).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
