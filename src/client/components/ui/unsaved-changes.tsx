import { useBlocker } from "@tanstack/react-router";
import { AlertDialog } from "radix-ui";
import { type ReactNode, useCallback, useRef } from "react";
import { buttonVariants } from "./button.tsx";

/**
 * Asks before a dirty form is left: a link, Back, or the sidebar gets an in-page question; a
 * reload or a closed tab gets the browser's own. Call `allowLeave()` right before navigating
 * away after a successful save: state would only reach the blocker on the next render.
 */
export function useUnsavedChanges(dirty: boolean): { prompt: ReactNode; allowLeave: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  if (!dirty) allowed.current = false;
  const shouldBlock = useCallback(() => dirtyRef.current && !allowed.current, []);
  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  });
  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);

  const prompt = (
    <AlertDialog.Root
      open={blocker.status === "blocked"}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            You have changes that aren&apos;t saved yet. If you leave now, they&apos;ll be lost.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })}>
              Stay and keep editing
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => blocker.proceed?.()}
            >
              Leave and discard
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
  return { prompt, allowLeave };
}
