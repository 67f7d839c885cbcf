import { XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import { ROLE_LABEL, SOURCE_LABEL, STATUS_LABEL } from "../member-labels.ts";
import {
  MEMBER_ROLES,
  MEMBER_SOURCES,
  MEMBER_STATUSES,
  type MembersSearch,
  parseMembersSearch,
} from "../search-params.ts";

export const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40";

type Props = { search: MembersSearch; onChange: (next: MembersSearch) => void };

/** Search, filters and the tags filter; every change goes to the URL. */
export function MemberFilters({ search, onChange }: Props) {
  const id = useId();
  const [tag, setTag] = useState("");
  const set = (patch: Partial<Record<keyof MembersSearch, unknown>>) =>
    onChange(parseMembersSearch({ ...search, ...patch }));
  const addTag = () => {
    const value = tag.trim();
    if (!value) return;
    set({ tag: [...(search.tag ?? []), value] });
    setTag("");
  };
  const moreFiltersSet = Boolean(
    search.joinedFrom ||
      search.joinedTo ||
      search.activeFrom ||
      search.activeTo ||
      search.attended != null ||
      search.checkIns != null,
  );
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <SearchField
          id={`${id}-q`}
          label="Search by name or email"
          value={search.q ?? ""}
          onSearch={(q) => set({ q })}
        />
        <Select
          id={`${id}-role`}
          label="Role"
          all="All roles"
          value={search.role}
          options={MEMBER_ROLES.map((v) => [v, ROLE_LABEL[v]])}
          onChange={(role) => set({ role })}
        />
        <Select
          id={`${id}-status`}
          label="Status"
          all="All statuses"
          value={search.status}
          options={MEMBER_STATUSES.map((v) => [v, STATUS_LABEL[v]])}
          onChange={(status) => set({ status })}
        />
        <Select
          id={`${id}-source`}
          label="Source"
          all="All sources"
          value={search.source}
          options={MEMBER_SOURCES.map((v) => [v, SOURCE_LABEL[v]])}
          onChange={(source) => set({ source })}
        />
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            addTag();
          }}
        >
          <Label htmlFor={`${id}-tag`} className="sr-only">
            Filter by tag
          </Label>
          <Input
            id={`${id}-tag`}
            value={tag}
            maxLength={50}
            placeholder="Filter by tag"
            onChange={(event) => setTag(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={!tag.trim()}>
            Add
          </Button>
        </form>
      </div>
      {search.tag?.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags in the filter">
          {search.tag.map((value) => (
            <li key={value}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => set({ tag: search.tag?.filter((t) => t !== value) })}
              >
                Tag: {value} <XIcon aria-hidden="true" />
                <span className="sr-only">(remove from the filter)</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="rounded-lg border px-4 py-2" open={moreFiltersSet || undefined}>
        <summary className="cursor-pointer py-1 text-sm font-medium">Dates and activity</summary>
        <div className="grid gap-3 py-3 sm:grid-cols-2 lg:grid-cols-3">
          <DateRange
            id={`${id}-joined`}
            legend="Joined between"
            from={search.joinedFrom}
            to={search.joinedTo}
            onChange={(joinedFrom, joinedTo) => set({ joinedFrom, joinedTo })}
          />
          <DateRange
            id={`${id}-active`}
            legend="Last active between"
            from={search.activeFrom}
            to={search.activeTo}
            onChange={(activeFrom, activeTo) => set({ activeFrom, activeTo })}
          />
          <div className="grid grid-cols-2 gap-3">
            <AtLeast
              id={`${id}-attended`}
              label="Events attended, at least"
              value={search.attended}
              onChange={(attended) => set({ attended })}
            />
            <AtLeast
              id={`${id}-checkins`}
              label="Check-ins, at least"
              value={search.checkIns}
              onChange={(checkIns) => set({ checkIns })}
            />
          </div>
        </div>
      </details>
    </div>
  );
}

function Select<T extends string>({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: T | undefined;
  options: [T, string][];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{all}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateRange({
  id,
  legend,
  from,
  to,
  onChange,
}: {
  id: string;
  legend: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  const reversed = Boolean(from && to && from > to);
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
            From
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from ?? ""}
            onChange={(event) => onChange(event.target.value || undefined, to)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
            To
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to ?? ""}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-error` : undefined}
            onChange={(event) => onChange(from, event.target.value || undefined)}
          />
        </div>
      </div>
      {reversed ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          The end comes before the start.
        </p>
      ) : null}
    </fieldset>
  );
}

function AtLeast({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="grid gap-1 self-end">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}
