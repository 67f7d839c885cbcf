import { useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError, FieldHint } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { selectClass } from "#client/components/ui/native-select.ts";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { UploadProgress } from "#client/components/upload/upload-progress.tsx";
import type { CommunityRole, MemberImportMode } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { StorageError, userMessage } from "#client/lib/storage/errors.ts";
import { uploadFile } from "#client/lib/storage/storage-client.ts";
import type { UploadTask } from "#client/lib/storage/upload-task.ts";
import { useStartMemberImport } from "../api/member-import-queries.ts";
import { type CsvPreview, PREVIEW_BYTES, previewCsv } from "../csv-preview.ts";
import { memberErrorMessage } from "../error-message.ts";
import { RoleSelect } from "./role-select.tsx";

type Column = number | null;
type Errors = Partial<
  Record<"file" | "emailColumn" | "nameColumn" | "tagsColumn" | "tags" | "role" | "form", string>
>;

const MODES: { value: MemberImportMode; label: string; description: string }[] = [
  {
    value: "INVITE",
    label: "Invite by email",
    description: "Each person gets an email with a link; they become a member when they accept it.",
  },
  {
    value: "ADD",
    label: "Add silently",
    description:
      "Each person becomes a member at once, without an email. People without an account get one they claim by signing in with that address.",
  },
];

/** The server's field names, and the one the dialog shows each error next to. */
const FIELD_OF: Record<string, keyof Errors> = {
  filePath: "file",
  emailColumn: "emailColumn",
  nameColumn: "nameColumn",
  tagsColumn: "tagsColumn",
  tags: "tags",
  role: "role",
};

const splitTags = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

type Props = { communityId: string; roles: CommunityRole[]; onStarted: (importId: string) => void };

/** Choose and upload the CSV, map its columns, pick tags, role and mode, and start the import. */
export function ImportSetupForm({ communityId, roles, onStarted }: Props) {
  const id = useId();
  const start = useStartMemberImport(communityId);
  const [file, setFile] = useState<File | null>(null);
  const [task, setTask] = useState<UploadTask | null>(null);
  const [uploadedPath, setUploadedPath] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [email, setEmail] = useState<Column>(null);
  const [name, setName] = useState<Column>(null);
  const [tagsColumn, setTagsColumn] = useState<Column>(null);
  const [tags, setTags] = useState("");
  const [role, setRole] = useState<CommunityRole>(roles[0] ?? "MEMBER");
  const [mode, setMode] = useState<MemberImportMode>("INVITE");
  const [errors, setErrors] = useState<Errors>({});
  const chosen = useRef(0);

  async function choose(next: File | undefined) {
    task?.cancel();
    setTask(null);
    setUploadedPath(null);
    setPreview(null);
    setErrors({});
    setFile(next ?? null);
    if (!next) return;
    const attempt = ++chosen.current;
    let parsed: CsvPreview;
    try {
      parsed = previewCsv(await next.slice(0, PREVIEW_BYTES).text());
    } catch {
      setErrors({ file: "That file could not be read as CSV." });
      return;
    }
    if (attempt !== chosen.current) return;
    if (parsed.header.length === 0) {
      setErrors({ file: "That file is empty." });
      return;
    }
    setPreview(parsed);
    setEmail(parsed.detected.email);
    setName(parsed.detected.name);
    setTagsColumn(parsed.detected.tags);
    const path = `${communityId}/${crypto.randomUUID()}.csv`;
    const upload = uploadFile({ bucket: "member-imports", path, file: next, contentType: "text/csv" });
    setTask(upload);
    upload.done.then(
      () => {
        if (attempt === chosen.current) setUploadedPath(path);
      },
      (failure: unknown) => {
        if (attempt !== chosen.current) return;
        setErrors({
          file:
            failure instanceof StorageError ? userMessage(failure.code) : "The file could not be uploaded.",
        });
      },
    );
  }

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!file) found.file = "Choose a CSV file.";
    else if (!uploadedPath && !errors.file) found.file = "Wait for the upload to finish.";
    else if (!uploadedPath) found.file = errors.file;
    if (preview && email === null) found.emailColumn = "Choose the column with the email addresses.";
    setErrors(found);
    if (Object.keys(found).length > 0 || !uploadedPath || email === null) return;
    try {
      const started = await start.mutateAsync({
        filePath: uploadedPath,
        emailColumn: email,
        nameColumn: name,
        tagsColumn,
        tags: splitTags(tags),
        role,
        mode,
      });
      onStarted(started.id);
    } catch (failure) {
      if (
        failure instanceof GraphQLRequestError &&
        failure.code === "BAD_USER_INPUT" &&
        failure.fields.length > 0
      ) {
        const next: Errors = {};
        for (const field of failure.fields) next[FIELD_OF[field.field] ?? "form"] ??= field.message;
        setErrors(next);
      } else {
        setErrors({ form: memberErrorMessage(failure, "The import could not be started.") });
      }
    }
  }

  const describedBy = (field: keyof Errors, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const columnSelect = (
    field: "emailColumn" | "nameColumn" | "tagsColumn",
    label: string,
    value: Column,
    set: (c: Column) => void,
  ) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <select
        id={`${id}-${field}`}
        className={selectClass}
        value={value === null ? "" : String(value)}
        onChange={(event) => set(event.target.value === "" ? null : Number(event.target.value))}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
      >
        <option value="">{field === "emailColumn" ? "Choose a column" : "None"}</option>
        {preview?.header.map((heading, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their position.
          <option key={index} value={index}>
            {heading.trim() || `Column ${index + 1}`}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-${field}-error`}>{errors[field]}</FieldError>
    </div>
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>CSV file</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
          onChange={(event) => choose(event.target.files?.[0])}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={describedBy("file", `${id}-file-hint`)}
        />
        <FieldHint id={`${id}-file-hint`}>
          The first row names the columns. One person per row, with at least an email address.
        </FieldHint>
        <FieldError id={`${id}-file-error`}>{errors.file}</FieldError>
        {task && file ? <UploadProgress task={task} fileName={file.name} /> : null}
      </div>
      {preview ? <PreviewTable preview={preview} /> : null}
      {preview ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {columnSelect("emailColumn", "Email column", email, setEmail)}
          {columnSelect("nameColumn", "Name column", name, setName)}
          {columnSelect("tagsColumn", "Tags column", tagsColumn, setTagsColumn)}
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tags`}>Tags to apply</Label>
        <Input
          id={`${id}-tags`}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          aria-invalid={errors.tags ? true : undefined}
          aria-describedby={describedBy("tags", `${id}-tags-hint`)}
        />
        <FieldHint id={`${id}-tags-hint`}>Given to everyone imported. Separate tags with commas.</FieldHint>
        <FieldError id={`${id}-tags-error`}>{errors.tags}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <RoleSelect
          id={`${id}-role`}
          value={role}
          roles={roles}
          onChange={setRole}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={describedBy("role")}
        />
        <FieldError id={`${id}-role-error`}>{errors.role}</FieldError>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">How to add people</legend>
        {MODES.map((option) => (
          <label key={option.value} className="flex items-start gap-2 rounded-md border p-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              onChange={() => setMode(option.value)}
              aria-describedby={`${id}-mode-${option.value}`}
              className="mt-0.5 size-4 accent-primary focus-visible:outline-2 focus-visible:outline-ring"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{option.label}</span>
              <span id={`${id}-mode-${option.value}`} className="text-muted-foreground">
                {option.description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError>{errors.form}</FieldError>
      <div className="flex justify-end">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? <Spinner label="Starting" /> : null}
          Start import
        </Button>
      </div>
    </form>
  );
}

function PreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <section
      aria-label="File preview"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard.
      tabIndex={0}
      className="max-h-56 overflow-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="px-2 py-1 text-left text-sm font-medium">First rows of the file</caption>
        <thead className="bg-muted">
          <tr>
            {preview.header.map((heading, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their position.
              <th key={index} scope="col" className="px-2 py-1 whitespace-nowrap">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their order.
            <tr key={rowIndex} className="border-t">
              {preview.header.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their position.
                <td key={index} className="px-2 py-1 break-all">
                  {row[index] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
