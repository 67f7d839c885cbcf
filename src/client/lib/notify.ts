type Kind = "success" | "error" | "info";

let wanted = false;
const listeners = new Set<() => void>();
let mounted: Promise<void> | undefined;
let markMounted: (() => void) | undefined;

/**
 * Toasts load sonner on first use: mounting its Toaster at start-up would fetch ~14 KB gzip on
 * /login before anyone needs a toast.
 */
export function notify(kind: Kind, message: string): void {
  if (!wanted) {
    wanted = true;
    mounted = new Promise((resolve) => {
      markMounted = resolve;
    });
    for (const listener of listeners) listener();
  }
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => toast[kind](message));
}

export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: () => wanted,
  markMounted: () => markMounted?.(),
  /** A new Toaster (a remounted app) must subscribe before toasts go to it, or they are lost. */
  markUnmounted: () => {
    mounted = new Promise((resolve) => {
      markMounted = resolve;
    });
  },
};
