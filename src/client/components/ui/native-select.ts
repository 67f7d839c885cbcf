/** A native `<select>` styled as the inputs beside it in filter bars and forms. */
export const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40";

/** A native `<select>` inside a form or dialog, the height of the `Input`s beside it. */
export const formSelectClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";
