import { Button } from "#client/components/ui/button.tsx";
import { type MemberKindValue, type MembersSearch, parseMembersSearch } from "../search-params.ts";

type Props = { search: MembersSearch; onChange: (next: MembersSearch) => void };

const KINDS: [MemberKindValue | undefined, string][] = [
  [undefined, "Everyone"],
  ["members", "Members"],
  ["people", "People who never joined"],
];

/** The saved filters every community has: each replaces the filters, keeping the search and sort. */
const QUICK: { label: string; filter: Partial<MembersSearch> }[] = [
  { label: "Came to an event but never joined", filter: { kind: "people" } },
  { label: "Attended 3+", filter: { attended: 3 } },
  { label: "No-show last time", filter: { noShow: true } },
];

const sameFilter = (search: MembersSearch, filter: Partial<MembersSearch>) => {
  const { q: _q, sort: _sort, dir: _dir, ...rest } = search;
  const set = Object.entries(rest).filter(([, value]) => value !== undefined);
  return (
    set.length === Object.keys(filter).length &&
    set.every(([key, value]) => filter[key as keyof MembersSearch] === value)
  );
};

/**
 * Members and the community's people (registrants who never joined) apart or together, and the
 * saved filters about them. Choices go to the URL like every other filter.
 */
export function MemberKinds({ search, onChange }: Props) {
  const keep = { q: search.q, sort: search.sort, dir: search.dir };
  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show</legend>
        {KINDS.map(([kind, label]) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant={search.kind === kind && !search.status ? "default" : "outline"}
            aria-pressed={search.kind === kind && !search.status}
            onClick={() => onChange(parseMembersSearch({ ...search, kind, status: undefined }))}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm text-muted-foreground">Saved filters</legend>
        {QUICK.map(({ label, filter }) => {
          const on = sameFilter(search, filter);
          return (
            <Button
              key={label}
              type="button"
              size="sm"
              variant={on ? "secondary" : "ghost"}
              aria-pressed={on}
              onClick={() => onChange(parseMembersSearch(on ? keep : { ...keep, ...filter }))}
            >
              {label}
            </Button>
          );
        })}
      </fieldset>
    </div>
  );
}
