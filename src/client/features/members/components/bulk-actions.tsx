import { DownloadIcon, MailIcon, TagIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import type { Capability } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { type TagTarget, useTagMembers } from "../api/members-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { filterOf, isFiltered, membersCsvHref } from "../member-filter.ts";
import type { MembersSearch } from "../search-params.ts";
import { BulkRolePicker } from "./bulk-role-picker.tsx";
import { ComposeAnnouncement, type FixedAudience } from "./compose-announcement.tsx";

const count = new Intl.NumberFormat();
/** A count of members; a capped total (the server stopped counting) reads as "1,000+ members". */
const people = (n: number, capped = false) =>
  capped ? `${count.format(n)}+ members` : countOf(n, { one: "member", other: "members" });

/** Who "all matching" means, in words: the search typed, the filters set, or both. */
function matchingWhat(search: MembersSearch): string {
  const { q, ...rest } = search;
  if (!q) return "matching the filter";
  return isFiltered(rest) ? `matching “${q}” and your filters` : `matching “${q}”`;
}

/** Above this many selected rows the export link asks by filter instead (the URL would grow too long). */
const MAX_EXPORT_IDS = 200;

/** What can be done with the selection: tag it (managers), export it, or widen it to the whole filtered set. */
export function BulkActions({
  communityId,
  search,
  selectedIds,
  allMatching,
  total,
  totalCapped,
  pageFullySelected,
  canManage,
  capabilities,
  onSelectAllMatching,
  onClear,
}: {
  communityId: string;
  search: MembersSearch;
  selectedIds: string[];
  allMatching: boolean;
  total: number;
  /** The server counted up to `total` and stopped: more match. */
  totalCapped: boolean;
  pageFullySelected: boolean;
  canManage: boolean;
  capabilities: readonly Capability[];
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const id = useId();
  const [tag, setTag] = useState("");
  const tagMembers = useTagMembers(communityId);
  const [composing, setComposing] = useState(false);
  const chosen = allMatching ? total : selectedIds.length;
  if (chosen === 0) return null;
  const target: TagTarget = allMatching ? { search } : { membershipIds: selectedIds };
  const run = (action: "add" | "remove") => {
    const value = tag.trim();
    if (!value) return;
    if (action === "add" && hasUnsafeNameCharacters(value)) {
      notify("error", `Tag: ${INVALID_CHARACTERS_MESSAGE}`);
      return;
    }
    tagMembers.mutate(
      { target, [action]: [value] },
      {
        onSuccess: (result) => {
          setTag("");
          notify(
            "success",
            action === "add"
              ? `Tagged ${people(result.changed)} "${value}".`
              : `Removed "${value}" from ${people(result.changed)}.`,
          );
        },
        onError: (error) => notify("error", memberErrorMessage(error, "Could not change the tags.")),
      },
    );
  };
  const mailTo: FixedAudience = allMatching
    ? {
        audience: { filter: filterOf(search), search: search.q ?? null },
        label: `All ${people(total, totalCapped)} ${matchingWhat(search)}`,
      }
    : { audience: { membershipIds: selectedIds }, label: `${people(chosen)} selected` };
  const exportHref =
    allMatching || selectedIds.length > MAX_EXPORT_IDS
      ? membersCsvHref(communityId, search)
      : membersCsvHref(communityId, search, selectedIds);
  return (
    <section
      aria-label="Selected members"
      className="flex flex-wrap items-center gap-3 rounded-xl border bg-muted/40 px-4 py-3 text-sm"
    >
      <p className="font-medium" aria-live="polite">
        {allMatching
          ? `All ${people(total, totalCapped)} matching are selected.`
          : `${people(chosen)} selected.`}
      </p>
      {!allMatching && pageFullySelected && total > selectedIds.length ? (
        <Button variant="link" size="sm" onClick={onSelectAllMatching}>
          Select all {people(total, totalCapped)} matching
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {canManage ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              run("add");
            }}
          >
            <Label htmlFor={`${id}-tag`} className="sr-only">
              Tag for the selected members
            </Label>
            <Input
              id={`${id}-tag`}
              value={tag}
              maxLength={50}
              placeholder="Tag"
              box="h-9 w-36 rounded-md px-3 text-sm"
              onChange={(event) => setTag(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={!tag.trim() || tagMembers.isPending}>
              <TagIcon aria-hidden="true" /> Add tag
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!tag.trim() || tagMembers.isPending}
              onClick={() => run("remove")}
            >
              Remove tag
            </Button>
          </form>
        ) : null}
        {canManage ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setComposing(true)}>
              <MailIcon aria-hidden="true" /> Email them
            </Button>
            <ComposeAnnouncement
              communityId={communityId}
              open={composing}
              onOpenChange={setComposing}
              fixed={mailTo}
            />
          </>
        ) : null}
        {canManage ? (
          <BulkRolePicker communityId={communityId} target={target} capabilities={capabilities} />
        ) : null}
        <a href={exportHref} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <DownloadIcon aria-hidden="true" /> Export selected
        </a>
      </div>
    </section>
  );
}
