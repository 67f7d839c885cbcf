import { EyeIcon, PencilIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { cn } from "#client/lib/cn.ts";
import { Spinner } from "./spinner.tsx";

// marked is only needed once someone asks for a preview: keep it in its own chunk.
const loadRenderer = () => import("#client/lib/markdown.ts");

type Mode = "write" | "preview";

/**
 * Write / Preview toggle around a Markdown textarea. The textarea stays mounted (hidden) in
 * preview so the form keeps its value, focus order and validation.
 */
export function MarkdownField({
  textarea,
  getSource,
  labelId,
  modeLabel = "Description editor mode",
}: {
  textarea: ReactNode;
  getSource: () => string;
  labelId: string;
  /** Names the Write / Preview toggle for screen readers. */
  modeLabel?: string;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>("write");
  const [preview, setPreview] = useState<{ __html: string } | "loading" | "failed">("loading");

  async function showPreview() {
    setMode("preview");
    setPreview("loading");
    try {
      const { renderMarkdown } = await loadRenderer();
      setPreview({ __html: renderMarkdown(getSource()) });
    } catch {
      setPreview("failed");
    }
  }

  return (
    <div className="grid gap-2">
      {/* biome-ignore lint/a11y/useSemanticElements: a toolbar of two toggle buttons, not a form group. */}
      <div role="group" aria-label={modeLabel} className="flex gap-1">
        <ModeButton pressed={mode === "write"} onClick={() => setMode("write")}>
          <PencilIcon aria-hidden="true" /> Write
        </ModeButton>
        <ModeButton
          pressed={mode === "preview"}
          onClick={showPreview}
          onPointerEnter={() => void loadRenderer().catch(() => undefined)}
        >
          <EyeIcon aria-hidden="true" /> Preview
        </ModeButton>
      </div>
      <div hidden={mode !== "write"}>{textarea}</div>
      {mode === "preview" ? (
        <section
          id={`${id}-preview`}
          aria-labelledby={labelId}
          aria-live="polite"
          aria-busy={preview === "loading"}
          className="min-h-24 rounded-md border bg-background px-3 py-2 text-sm"
        >
          {preview === "loading" ? (
            <Spinner label="Rendering preview" />
          ) : preview === "failed" ? (
            <p className="text-muted-foreground">The preview couldn't load. Check your connection.</p>
          ) : preview.__html.trim() === "" ? (
            <p className="text-muted-foreground">Nothing to preview yet.</p>
          ) : (
            <div
              className="grid gap-2 leading-6 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-6"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: lib/markdown passes its output through an allow-list sanitizer.
              dangerouslySetInnerHTML={preview}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}

function ModeButton({ pressed, className, ...props }: React.ComponentProps<"button"> & { pressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4",
        pressed ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:bg-accent",
        className,
      )}
      {...props}
    />
  );
}
