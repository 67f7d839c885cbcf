import { Switch } from "radix-ui";
import { useId } from "react";
import type { AgentStatus } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { useSetAgentEnabled } from "../api/agents-queries.ts";
import { agentErrorMessage } from "../error-message.ts";

/**
 * The agent's on/off switch. A paused agent reads as off with its reason; switching it on again
 * resumes it. Labelled by the agent's name so a list of switches stays distinguishable.
 */
export function AgentStatusSwitch({
  agentId,
  name,
  status,
  pausedReason,
}: {
  agentId: string;
  name: string;
  status: AgentStatus;
  pausedReason: string | null;
}) {
  const id = useId();
  const setEnabled = useSetAgentEnabled();
  const on = status === "ON";
  const words = on ? "On" : status === "PAUSED" ? "Paused" : "Off";
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Switch.Root
          id={id}
          checked={on}
          disabled={setEnabled.isPending}
          aria-label={`${name}: ${on ? "on" : "off"}`}
          aria-describedby={status === "PAUSED" ? `${id}-reason` : undefined}
          onCheckedChange={(enabled) =>
            setEnabled.mutate(
              { id: agentId, enabled },
              {
                onSuccess: () => notify("success", enabled ? `${name} is on.` : `${name} is off.`),
                onError: (error) =>
                  notify(
                    "error",
                    agentErrorMessage(
                      error,
                      enabled
                        ? "The agent could not be switched on."
                        : "The agent could not be switched off.",
                    ),
                  ),
              },
            )
          }
          className="peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
        >
          <Switch.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
        </Switch.Root>
        <span
          aria-hidden="true"
          className={status === "PAUSED" ? "text-sm font-medium text-destructive" : "text-sm font-medium"}
        >
          {words}
        </span>
      </div>
      {status === "PAUSED" ? (
        <p id={`${id}-reason`} className="text-sm text-destructive">
          Paused{pausedReason ? `: ${pausedReason}` : ""}
        </p>
      ) : null}
    </div>
  );
}
