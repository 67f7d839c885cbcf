import { cn } from "#client/lib/cn.ts";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn(
          "animate-spin rounded-full border-2 border-current border-r-transparent",
          className ?? "size-4",
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
