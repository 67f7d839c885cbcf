import type { ComponentProps } from "react";
import { selectClass } from "#client/components/ui/native-select.ts";
import type { CommunityRole } from "#client/gql/graphql.ts";
import { ROLE_LABEL } from "../member-labels.ts";

type Props = Omit<ComponentProps<"select">, "value" | "onChange"> & {
  value: CommunityRole;
  /** The roles offered: only those the viewer may give. */
  roles: readonly CommunityRole[];
  onChange: (role: CommunityRole) => void;
};

/** A role picker limited to the roles given; its label is the caller's. */
export function RoleSelect({ value, roles, onChange, className, ...rest }: Props) {
  return (
    <select
      {...rest}
      className={className ?? selectClass}
      value={value}
      onChange={(event) => onChange(roles.find((r) => r === event.target.value) ?? value)}
    >
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABEL[r]}
        </option>
      ))}
    </select>
  );
}
