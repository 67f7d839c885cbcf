import { useEffect } from "react";

// A page rendered on the server (/e/{id}, /c/{slug}) is hydrated in parts: the router's outer tree
// first, each route's content in its own Suspense boundary after. The page's own controls work
// only once that content is hydrated, so it is the content that says so.

let onReady: (() => void) | null = null;

/** Set by the hydration of a server-rendered page: `ready` runs once its content is live. */
export function whenPageReady(ready: () => void) {
  onReady = ready;
}

/** In a public page's content: runs the hydration's `ready`, once (StrictMode runs effects twice). */
export function usePageReady() {
  useEffect(() => {
    const ready = onReady;
    onReady = null;
    ready?.();
  }, []);
}

/** `usePageReady` as an element, for content that hydrates after the page's own (a lazy part's boundary). */
export function PageReady() {
  usePageReady();
  return null;
}
