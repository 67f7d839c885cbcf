import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  RegistrationDigestDocument,
  SetRegistrationDigestDocument,
  type SetRegistrationDigestMutationVariables,
} from "#client/gql/graphql.ts";
import { api, server } from "#client/test-network.ts";
import { DigestToggle } from "./digest-toggle.tsx";

const label = "Email me a daily digest of new registrations";

describe("daily registrations digest toggle", () => {
  it("shows the new state from the click on, while the server saves it, and keeps it after", async () => {
    const saves: SetRegistrationDigestMutationVariables[] = [];
    const { promise: answered, resolve: answerSave } = Promise.withResolvers<void>();
    server.use(
      api.query(RegistrationDigestDocument, () => HttpResponse.json({ data: { registrationDigest: false } })),
      api.mutation(SetRegistrationDigestDocument, async ({ variables }) => {
        saves.push(variables);
        await answered;
        return HttpResponse.json({ data: { setRegistrationDigest: true } });
      }),
    );
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
    await waitFor(() => expect(saves).toEqual([{ communityId: "c1", enabled: true }]));
    expect(box.matches(":disabled")).toBe(true);

    answerSave();
    await waitFor(() => expect(box.matches(":disabled")).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
