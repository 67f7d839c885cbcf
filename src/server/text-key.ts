// A Map hashes a new string over its whole length when it is looked up, and a request's body or
// Cookie header is a new string on every request: for the kilobyte of a client's GraphQL document
// that hash cost more than anything else on a kept answer's way out (decision 010). A long text is
// looked up by a short stand-in instead (its length, head and tail), and the entry keeps the whole
// text: comparing two strings costs far less than hashing one. Texts that share a stand-in take
// turns in the one entry; a lookup never answers for a text other than its own.

const HEAD = 32;
const TAIL = 64;

/** The key a text is looked up by: short texts are their own key. */
export const textKey = (text: string): string =>
  text.length <= HEAD + TAIL ? text : `${text.length}\n${text.slice(0, HEAD)}${text.slice(-TAIL)}`;

/**
 * A map from texts to values, bounded to `maxEntries` (the oldest goes first), for texts that
 * arrive anew with every request.
 */
export function createTextMap<V>(maxEntries: number) {
  const entries = new Map<string, { text: string; value: V }>();
  return {
    get(text: string): V | undefined {
      const entry = entries.get(textKey(text));
      return entry && entry.text === text ? entry.value : undefined;
    },
    set(text: string, value: V) {
      const key = textKey(text);
      if (!entries.has(key) && entries.size >= maxEntries)
        entries.delete(entries.keys().next().value as string);
      entries.set(key, { text, value });
    },
  };
}
