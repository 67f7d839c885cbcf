import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callAuth } from "#client/lib/auth-client.ts";
import { registerPasskey } from "#client/lib/webauthn.ts";

export type AccountPasskey = {
  id: string;
  name: string;
  createdAt: string | null;
  lastUsedAt: string | null;
  synced: boolean;
};

const passkeysKey = ["account", "passkeys"] as const;

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeysKey,
    queryFn: async () => ((await callAuth("passkey/list"))?.passkeys ?? []) as AccountPasskey[],
  });

function usePasskeyMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export const useAddPasskey = () => usePasskeyMutation((name: string) => registerPasskey(name));

export const useRenamePasskey = () =>
  usePasskeyMutation((input: { id: string; name: string }) => callAuth("passkey/update-passkey", input));

export const useRemovePasskey = () =>
  usePasskeyMutation((id: string) => callAuth("passkey/delete-passkey", { id }));
