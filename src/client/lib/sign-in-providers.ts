/** How each provider is named on buttons and in messages. */
export const PROVIDER_NAMES: Record<string, string> = {
  github: "GitHub",
  facebook: "Facebook",
  twitter: "X",
  google: "Google",
};

export const providerName = (id: string | undefined) => (id ? (PROVIDER_NAMES[id] ?? undefined) : undefined);
