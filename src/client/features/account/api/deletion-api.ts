import { queryOptions, useMutation } from "@tanstack/react-query";
import { callAuth } from "#client/lib/auth-client.ts";

export type OwnedCommunity = { id: string; name: string; slug: string };

const call = (path: string, payload?: unknown) => callAuth(path, payload, "account");

export const deletionQueryOptions = () =>
  queryOptions({
    queryKey: ["account", "deletion"],
    queryFn: async () => ((await call("deletion"))?.ownedCommunities ?? []) as OwnedCommunity[],
  });

export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => call("deletion/code", {}) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (code: string) => call("deletion", { code }) });
}
