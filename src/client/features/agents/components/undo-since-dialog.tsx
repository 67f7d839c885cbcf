import { Undo2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { useAgentsScope } from "../agents-scope.tsx";
import { useUndoAgentActionsSince } from "../api/agent-runs-queries.ts";
import { agentErrorMessage } from "../error-message.ts";
import { Field } from "./field.tsx";

/** "Undo everything since…": every run of the agent from a moment on, taken back at once. */
export function UndoSinceButton({ agentId, agentName }: { agentId: string; agentName: string }) {
  const id = useId();
  const { communityId } = useAgentsScope();
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState("");
  const [error, setError] = useState<string | null>(null);
  const undo = useUndoAgentActionsSince();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const moment = since ? new Date(since) : null;
    if (!moment || Number.isNaN(moment.getTime())) {
      setError("Choose the day and time to undo from.");
      return;
    }
    setError(null);
    undo.mutate(
      { communityId, agentId, since: moment.toISOString() },
      {
        onSuccess: (result) => {
          setOpen(false);
          notify(
            "success",
            `Undid ${countOf(result.undoneSteps, { one: "step", other: "steps" })} in ${countOf(result.runs, { one: "run", other: "runs" })}` +
              (result.irreversibleSteps > 0
                ? `; ${countOf(result.irreversibleSteps, { one: "step", other: "steps" })} (emails, notices, webhooks) could not be taken back.`
                : ".") +
              (result.runsInProgress > 0
                ? ` ${countOf(result.runsInProgress, { one: "run is", other: "runs are" })} still under way: undo again once they finish.`
                : ""),
          );
        },
        onError: (failure) => setError(agentErrorMessage(failure, "The runs could not be undone.")),
      },
    );
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Undo2Icon aria-hidden="true" /> Undo everything since…
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => (undo.isPending ? null : setOpen(next))}
        title={`Undo what ${agentName} did`}
        description="Tags and decisions are taken back and unsent drafts deleted. Emails cannot be unsent; admin notices and webhook calls stay sent."
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field id={`${id}-since`} label="Undo everything since" error={error ?? undefined}>
            <Input
              id={`${id}-since`}
              type="datetime-local"
              value={since}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-since-error` : undefined}
              onChange={(event) => setSince(event.target.value)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={undo.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={undo.isPending}>
              Undo
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
