import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useUpdateCommunity } from "#client/features/communities/api/update-community.ts";
import type { UpdateCommunityInput } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";

export const READ_ONLY_NOTE = "Only owners and admins can change these settings.";

/**
 * One save path for every settings section: server field errors land next to their fields,
 * FORBIDDEN becomes a toast, anything else a message above the button; typed values stay put.
 */
export function useSettingsSave<T extends FieldValues>(
  communityId: string,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  /** Where a server field (e.g. `joinQuestions.0.label`) lives in this form, when not under its own name. */
  formPath?: (serverField: string) => Path<T> | null,
) {
  const update = useUpdateCommunity(communityId);
  const [formError, setFormError] = useState<string | null>(null);

  async function save(input: UpdateCommunityInput, successMessage: string) {
    setFormError(null);
    try {
      const community = await update.mutateAsync(input);
      notify("success", successMessage);
      return community;
    } catch (error) {
      setFormError(handleSaveError(error, fieldNames, setError, formPath));
      return null;
    }
  }

  return { save, formError, isSaving: update.isPending };
}

export function handleSaveError<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  formPath?: (serverField: string) => Path<T> | null,
): string | null {
  if (!(error instanceof GraphQLRequestError)) return "We couldn't save your changes. Please try again.";
  if (error.code === "FORBIDDEN") {
    notify("error", READ_ONLY_NOTE);
    return null;
  }
  if (error.code === "BAD_USER_INPUT" && error.fields.length > 0) {
    const unplaced: string[] = [];
    let focused = false;
    for (const field of error.fields) {
      const name = fieldNames.find((candidate) => candidate === field.field) ?? formPath?.(field.field);
      if (name) {
        setError(name, { message: field.message }, { shouldFocus: !focused });
        focused = true;
      } else {
        unplaced.push(field.message);
      }
    }
    return unplaced.length > 0 ? unplaced.join(" ") : null;
  }
  if (error.code === "NETWORK_ERROR") return error.message;
  return "We couldn't save your changes. Please try again.";
}
