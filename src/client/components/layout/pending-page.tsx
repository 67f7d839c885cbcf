export function PendingPage() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-muted-foreground border-r-transparent"
      />
      <span className="sr-only">Loading</span>
    </div>
  );
}
