import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callAuth } from "#client/lib/auth-client.ts";

export type AccountSession = {
  id: string;
  device: string;
  browser: string;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

const sessionsKey = ["account", "sessions"] as const;

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: async () => ((await callAuth("list-sessions"))?.sessions ?? []) as AccountSession[],
  });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callAuth("revoke-session", { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callAuth("revoke-other-sessions", {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
