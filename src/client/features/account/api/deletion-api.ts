import { queryOptions, useMutation } from "@tanstack/react-query";
import { callAuth } from "#client/lib/auth-client.ts";

export type OwnedCommunity = { id: string; name: string; slug: string };

/** Where the confirming code goes: the account's address, or (for a phone-only account) its number, masked. */
export type CodeGoesTo = { channel: "email" | "text"; to: string };

export type DeletionFacts = { ownedCommunities: OwnedCommunity[]; codeGoesTo: CodeGoesTo };

const call = (path: string, payload?: unknown) => callAuth(path, payload, "account");

/** `contact` is the account's address and number as the session knows them: a change asks again. */
export const deletionQueryOptions = (contact: { email: string; phoneNumber: string | null }) =>
  queryOptions({
    queryKey: ["account", "deletion", contact.email, contact.phoneNumber],
    queryFn: async () => (await call("deletion")) as DeletionFacts,
  });

export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => call("deletion/code", {}) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (code: string) => call("deletion", { code }) });
}
