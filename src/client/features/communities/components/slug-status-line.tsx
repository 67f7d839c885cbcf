import { AlertCircleIcon, CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { SlugStatus } from "#client/features/communities/api/use-slug-availability.ts";
import { cn } from "#client/lib/cn.ts";

export function SlugStatusLine({ id, status }: { id: string; status: SlugStatus }) {
  const content: Record<SlugStatus, { text: string; className: string; icon?: React.ReactNode }> = {
    idle: {
      text: "Lowercase letters, numbers and hyphens; 3–48 characters.",
      className: "text-muted-foreground",
    },
    checking: { text: "Checking…", className: "text-muted-foreground", icon: <Spinner label="Checking" /> },
    available: {
      text: "available",
      className: "text-success",
      icon: <CheckCircle2Icon className="size-4" aria-hidden="true" />,
    },
    taken: {
      text: "taken",
      className: "text-destructive",
      icon: <XCircleIcon className="size-4" aria-hidden="true" />,
    },
    reserved: {
      text: "taken (reserved)",
      className: "text-destructive",
      icon: <XCircleIcon className="size-4" aria-hidden="true" />,
    },
    invalid: {
      text: "invalid — use 3–48 lowercase letters, numbers and single hyphens",
      className: "text-destructive",
      icon: <AlertCircleIcon className="size-4" aria-hidden="true" />,
    },
    unknown: { text: "Couldn't check availability right now.", className: "text-muted-foreground" },
  };
  const { text, className, icon } = content[status];
  return (
    <p id={id} aria-live="polite" className={cn("flex items-center gap-1.5 text-sm", className)}>
      {icon}
      {status === "available" || status === "taken" || status === "reserved" ? (
        <span>
          <span className="sr-only">This address is </span>
          {text}
        </span>
      ) : (
        text
      )}
    </p>
  );
}
