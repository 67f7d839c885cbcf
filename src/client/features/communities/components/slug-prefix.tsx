/**
 * The address a slug completes, on one line beside its field: a long host shortens with an
 * ellipsis instead of wrapping or pushing the field off a narrow screen.
 */
export function SlugPrefix() {
  return (
    <span className="flex max-w-[60%] shrink-0 items-center whitespace-nowrap rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground">
      <span className="min-w-0 truncate">{window.location.host}</span>
      <span className="shrink-0">/c/</span>
    </span>
  );
}
