import { updateUser } from "../../../lib/auth-client.ts";

export const PROFILE_NAME_MAX = 80;

export function saveProfileName(name: string): Promise<void> {
  return updateUser({ name });
}

/** `null` removes the avatar. */
export function saveAvatar(url: string | null): Promise<void> {
  return updateUser({ image: url });
}
