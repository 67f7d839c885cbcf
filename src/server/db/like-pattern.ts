/** `%…%` for ILIKE: the user's own `%`, `_` and `\` match themselves. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
