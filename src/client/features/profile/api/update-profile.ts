import { updateUser } from "#client/lib/auth-actions.ts";

export function saveProfileName(name: string): Promise<void> {
  return updateUser({ name });
}

/** `null` removes the avatar. */
export function saveAvatar(url: string | null): Promise<void> {
  return updateUser({ image: url });
}
