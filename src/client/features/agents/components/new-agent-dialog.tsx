import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { SparklesIcon } from "lucide-react";
import { Modal } from "#client/components/ui/modal.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { useAgentsScope } from "../agents-scope.tsx";
import { agentTemplatesQueryOptions } from "../api/agents-queries.ts";

const cardClass =
  "grid h-full content-start gap-1 rounded-lg border p-4 text-left transition-colors hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Pick a template (one card each, saying what it does) or start from an empty agent. */
export function NewAgentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { communityId } = useAgentsScope();
  const templates = useQuery({ ...agentTemplatesQueryOptions(), enabled: open });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="New agent"
      description="Start from a template and adjust it, or from scratch. A new agent stays off until you switch it on."
    >
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Templates">
        {templates.data === undefined
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <li key={i}>
                <Skeleton className="h-24 w-full rounded-lg" />
              </li>
            ))
          : templates.data.map((template) => (
              <li key={template.key}>
                <Link
                  to="/dashboard/$communityId/agents/$agentId"
                  params={{ communityId, agentId: "new" }}
                  search={{ template: template.key }}
                  className={cardClass}
                >
                  <span className="text-sm font-semibold">{template.name}</span>
                  <span className="text-sm text-muted-foreground">{template.summary}</span>
                  {template.usesModel ? (
                    <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
                      <SparklesIcon className="size-3.5" aria-hidden="true" /> Uses the language model
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
        <li>
          <Link
            to="/dashboard/$communityId/agents/$agentId"
            params={{ communityId, agentId: "new" }}
            search={{}}
            className={cardClass}
          >
            <span className="text-sm font-semibold">From scratch</span>
            <span className="text-sm text-muted-foreground">
              Choose the trigger, conditions and actions yourself.
            </span>
          </Link>
        </li>
      </ul>
    </Modal>
  );
}
