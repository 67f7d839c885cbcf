import { XIcon } from "lucide-react";
import { useId, useState } from "react";
import { DateRangeFilter } from "#client/components/filters/date-range-filter.tsx";
import { FilterSelect } from "#client/components/filters/filter-select.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { SearchField } from "#client/components/ui/search-field.tsx";
import { PLAN_STATUS_LABEL, ROLE_LABEL, SOURCE_LABEL, STATUS_LABEL } from "../member-labels.ts";
import {
  MEMBER_PLAN_STATUSES,
  MEMBER_ROLES,
  MEMBER_SOURCES,
  MEMBER_STATUSES,
  type MembersSearch,
  parseMembersSearch,
} from "../search-params.ts";

type Props = {
  search: MembersSearch;
  onChange: (next: MembersSearch) => void;
  /** The community's plans (none: no plan filters). */
  plans?: readonly { id: string; name: string; archived: boolean }[];
};

/** Search, filters and the tags filter; every change goes to the URL. */
export function MemberFilters({ search, onChange, plans = [] }: Props) {
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
        <FilterSelect
          id={`${id}-role`}
          label="Role"
          hideLabel
          all="All roles"
          value={search.role}
          options={MEMBER_ROLES.map((v) => [v, ROLE_LABEL[v]])}
          onChange={(role) => set({ role })}
        />
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          hideLabel
          all="All statuses"
          value={search.status}
          options={MEMBER_STATUSES.map((v) => [v, STATUS_LABEL[v]])}
          onChange={(status) => set({ status })}
        />
        <FilterSelect
          id={`${id}-source`}
          label="Source"
          hideLabel
          all="All sources"
          value={search.source}
          options={MEMBER_SOURCES.map((v) => [v, SOURCE_LABEL[v]])}
          onChange={(source) => set({ source })}
        />
        {plans.length > 0 ? (
          <>
            <FilterSelect
              id={`${id}-plan`}
              label="Plan"
              hideLabel
              all="All plans"
              value={search.plan}
              options={plans.map((plan) => [plan.id, plan.archived ? `${plan.name} (archived)` : plan.name])}
              onChange={(plan) => set({ plan })}
            />
            <FilterSelect
              id={`${id}-plan-status`}
              label="Plan status"
              hideLabel
              all="All plan statuses"
              value={search.planStatus}
              options={MEMBER_PLAN_STATUSES.map((v) => [v, PLAN_STATUS_LABEL[v]])}
              onChange={(planStatus) => set({ planStatus })}
            />
          </>
        ) : null}
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
          <DateRangeFilter
            id={`${id}-joined`}
            legend="Joined between"
            from={search.joinedFrom}
            to={search.joinedTo}
            onChange={(joinedFrom, joinedTo) => set({ joinedFrom, joinedTo })}
          />
          <DateRangeFilter
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
