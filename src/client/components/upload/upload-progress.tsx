import { PauseIcon, PlayIcon, XIcon } from "lucide-react";
import { useId, useSyncExternalStore } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { userMessage } from "#client/lib/storage/errors.ts";
import type { UploadState, UploadTask } from "#client/lib/storage/upload-task.ts";

const STATE_TEXT: Record<UploadState, string> = {
  running: "Uploading",
  pausing: "Pausing…",
  paused: "Paused",
  canceling: "Canceling…",
  canceled: "Canceled",
  error: "Upload failed",
  success: "Uploaded",
};

/** Decimal units, as browsers and operating systems show transfer speeds. */
export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1_000_000) return `${(bytesPerSecond / 1_000_000).toFixed(1)} MB/s`;
  return `${Math.max(0, Math.round(bytesPerSecond / 1_000))} KB/s`;
}

export function percentOf(transferred: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((transferred / total) * 100));
}

export interface UploadProgressProps {
  task: UploadTask;
  fileName: string;
  className?: string;
}

/** One upload: name, bar, percentage, speed, state and the controls that apply to its state. */
export function UploadProgress({ task, fileName, className }: UploadProgressProps) {
  const snapshot = useSyncExternalStore(task.subscribe, task.snapshot, task.snapshot);
  const { state, bytesTransferred, totalBytes, bytesPerSecond, resumable, error } = snapshot;
  const percent = state === "success" ? 100 : percentOf(bytesTransferred, totalBytes);
  const nameId = useId();
  const active = state === "running" || state === "pausing" || state === "paused";

  // The seed allows no paused→canceling move; going through running keeps the task's machine exact.
  const cancel = () => {
    if (task.snapshot().state === "paused") task.resume();
    task.cancel();
  };

  return (
    <div className={cn("flex flex-col gap-2 rounded-md border p-3 text-sm", className)}>
      <div className="flex items-center justify-between gap-2">
        <span id={nameId} className="min-w-0 line-clamp-1 font-medium">
          {fileName}
        </span>
        <span className="shrink-0 tabular-nums text-muted-foreground">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={nameId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% uploaded, ${STATE_TEXT[state].replace("…", "")}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] motion-reduce:transition-none",
            state === "error" || state === "canceled" ? "bg-destructive" : "bg-primary",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground">
          {/* Only the state is announced: the speed changes several times a second. */}
          <span aria-live="polite">{STATE_TEXT[state]}</span>
          {state === "running" && bytesPerSecond > 0 ? ` · ${formatSpeed(bytesPerSecond)}` : null}
        </p>
        {resumable && active ? (
          <div className="flex gap-2">
            {state === "running" ? (
              <Button variant="outline" size="sm" onClick={() => task.pause()} aria-describedby={nameId}>
                <PauseIcon aria-hidden="true" />
                Pause
              </Button>
            ) : null}
            {state === "paused" ? (
              <Button variant="outline" size="sm" onClick={() => task.resume()} aria-describedby={nameId}>
                <PlayIcon aria-hidden="true" />
                Resume
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={cancel} aria-describedby={nameId}>
              <XIcon aria-hidden="true" />
              Cancel
            </Button>
          </div>
        ) : null}
        {!resumable && state === "running" ? (
          <Button variant="ghost" size="sm" onClick={() => task.cancel()} aria-describedby={nameId}>
            <XIcon aria-hidden="true" />
            Cancel
          </Button>
        ) : null}
      </div>
      {state === "error" && error ? (
        <p role="alert" className="font-medium text-destructive">
          {userMessage(error.code)}
        </p>
      ) : null}
    </div>
  );
}
