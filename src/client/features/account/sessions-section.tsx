import { useQuery } from "@tanstack/react-query";
import { LaptopIcon, LogOutIcon } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError } from "#client/lib/auth-client.ts";
import { notify } from "#client/lib/notify.ts";
import {
  type AccountSession,
  sessionsQueryOptions,
  useRevokeOtherSessions,
  useRevokeSession,
} from "./api/sessions-api.ts";

const when = (at: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));

const failure = (caught: unknown) =>
  caught instanceof AuthError ? caught.message : "We couldn't reach the server. Please try again.";

/** Every browser signed in to the account, and signing them out (effective on their next request). */
export function SessionsSection() {
  const sessions = useQuery(sessionsQueryOptions());
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((one) => !one.current).length ?? 0;

  async function signOut(one: AccountSession) {
    try {
      await revoke.mutateAsync(one.id);
      notify("success", `Signed out of ${one.browser} on ${one.device}`);
    } catch (caught) {
      notify("error", failure(caught));
    }
  }

  async function signOutOthers() {
    try {
      await revokeOthers.mutateAsync();
      notify("success", "Signed out everywhere else");
    } catch (caught) {
      notify("error", failure(caught));
    }
  }

  return (
    <section aria-labelledby="sessions-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="sessions-title" className="text-xl font-semibold tracking-tight">
            Where you're signed in
          </h2>
          <p className="text-sm text-muted-foreground">
            Signing a browser out takes effect on its next request.
          </p>
        </div>
        {others > 0 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={revokeOthers.isPending}
            onClick={() => void signOutOthers()}
          >
            {revokeOthers.isPending ? <Spinner label="Signing out" /> : <LogOutIcon aria-hidden="true" />}
            Sign out everywhere else
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : sessions.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="alert" className="text-destructive">
            {failure(sessions.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Signed-in sessions">
          {sessions.data.map((one) => (
            <li
              key={one.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex min-w-0 items-start gap-3">
                <LaptopIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {one.browser} on {one.device}
                    {one.current ? <Badge variant="success">This device</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {one.ipAddress ? `From ${one.ipAddress}` : "Address unknown"} · Signed in{" "}
                    {when(one.createdAt)} · Last seen {when(one.lastSeenAt)}
                  </p>
                </div>
              </div>
              {one.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Sign out ${one.browser} on ${one.device}`}
                  disabled={revoke.isPending && revoke.variables === one.id}
                  onClick={() => void signOut(one)}
                >
                  {revoke.isPending && revoke.variables === one.id ? <Spinner label="Signing out" /> : null}
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
