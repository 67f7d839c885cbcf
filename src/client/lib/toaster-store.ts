let wanted = false;
const listeners = new Set<() => void>();
let mounted: Promise<void> | undefined;
let markMounted: (() => void) | undefined;

/** Whether the Toaster is wanted yet, and when it listens: the root mounts it at the first toast. */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: () => wanted,
  /** A toast is waiting: the Toaster mounts, and this resolves once it listens. */
  want(): Promise<void> {
    if (!wanted) {
      wanted = true;
      mounted = new Promise((resolve) => {
        markMounted = resolve;
      });
      for (const listener of listeners) listener();
    }
    return mounted as Promise<void>;
  },
  markMounted: () => markMounted?.(),
  /** A new Toaster (a remounted app) must subscribe before toasts go to it, or they are lost. */
  markUnmounted: () => {
    mounted = new Promise((resolve) => {
      markMounted = resolve;
    });
  },
};
