import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { notify } from "#client/lib/notify.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { memberSegmentsQueryOptions, useDeleteSegment, useSaveSegment } from "../api/members-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { filterOf, isFiltered, searchOfSegment } from "../member-filter.ts";
import type { MembersSearch } from "../search-params.ts";

/** Saved filters beside the table: open one, save the current one (managers), delete one (managers). */
export function SegmentsPanel({
  communityId,
  search,
  canManage,
}: {
  communityId: string;
  search: MembersSearch;
  canManage: boolean;
}) {
  const id = useId();
  const { data: segments } = useSuspenseQuery(memberSegmentsQueryOptions(communityId));
  const save = useSaveSegment(communityId);
  const remove = useDeleteSegment(communityId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <aside aria-labelledby={`${id}-title`} className="grid content-start gap-3 rounded-xl border p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        Segments
      </h2>
      {segments.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No saved segments yet.{canManage ? " Filter the list, then save it here with a name." : ""}
        </p>
      ) : (
        <ul className="grid gap-1">
          {segments.map((segment) => (
            <li key={segment.id} className="flex items-center gap-1">
              <Link
                to="/dashboard/$communityId/members"
                params={{ communityId }}
                search={searchOfSegment(segment.filter)}
                className="min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                {segment.name}
              </Link>
              {canManage ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete segment ${segment.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(segment.id, {
                      onSuccess: () => notify("success", `Deleted the segment "${segment.name}".`),
                      onError: (e) => notify("error", memberErrorMessage(e, "Could not delete the segment.")),
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage && isFiltered(search) ? (
        <form
          className="grid gap-2 border-t pt-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = name.trim();
            if (!value) {
              setError("Give the segment a name.");
              return;
            }
            if (hasUnsafeNameCharacters(value)) {
              setError(INVALID_CHARACTERS_MESSAGE);
              return;
            }
            save.mutate(
              { name: value, filter: filterOf(search) },
              {
                onSuccess: (segment) => {
                  setName("");
                  setError(null);
                  notify("success", `Saved the segment "${segment.name}".`);
                },
                onError: (e) => notify("error", memberErrorMessage(e, "Could not save the segment.")),
              },
            );
          }}
        >
          <Label htmlFor={`${id}-name`}>Save this filter as a segment</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={80}
            placeholder="e.g. Volunteers"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save segment
          </Button>
        </form>
      ) : null}
    </aside>
  );
}
