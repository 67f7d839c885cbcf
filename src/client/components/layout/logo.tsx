import { cn } from "#client/lib/cn.ts";

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      Commons
    </span>
  );
}
