import { XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "#client/lib/cn.ts";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** A centred dialog, or a sheet along the right edge (a drawer). */
  side?: "center" | "right";
};

/** A dialog or a drawer (members, payments): Radix traps focus, closes on Escape and gives focus back. */
export function Modal({ open, onOpenChange, title, description, children, side = "center" }: Props) {
  // Opened by state, not by a Dialog.Trigger, so Radix has no trigger to give focus back to: the
  // element focused when the dialog opened (the button or name clicked) gets it back instead.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className={cn(
            "fixed z-50 grid content-start gap-4 overflow-y-auto border bg-background p-6 shadow-xl outline-none",
            side === "center"
              ? "top-1/2 left-1/2 max-h-[95dvh] w-[min(36rem,95vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl"
              : "inset-y-0 right-0 w-[min(32rem,100vw)] border-l",
          )}
        >
          <Dialog.Title className="pr-8 text-lg font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
          ) : null}
          {children}
          <Dialog.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
