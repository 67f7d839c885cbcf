import { describe, expect, it } from "vitest";
import { createTextMap } from "./text-key.ts";

describe("a map keyed by long texts", () => {
  const document = (middle: string) =>
    `{"query":"query EventPage($id: ID!) { event(id: $id) { ${middle} } }","variables":{"id":"e1"}}`.padEnd(
      400,
      " ",
    );

  it("never answers for a text other than the one a value was kept for, even when they share a head and a tail", () => {
    const map = createTextMap<string>(10);
    const title = document("title");
    const start = document("start");
    expect(title.length).toBe(start.length);
    map.set(title, "answer with the title");
    expect(map.get(title)).toBe("answer with the title");
    // As the next request brings it: the same text in a string of its own.
    expect(map.get([...title].join(""))).toBe("answer with the title");
    expect(map.get(start)).toBeUndefined();
    map.set(start, "answer with the start");
    expect(map.get(start)).toBe("answer with the start");
    expect(map.get(title)).toBeUndefined();
  });

  it("keeps short texts and long ones apart, and holds at most its number of entries", () => {
    const map = createTextMap<number>(2);
    map.set("a", 1);
    map.set(document("b"), 2);
    map.set("c", 3);
    expect(map.get("a")).toBeUndefined();
    expect(map.get(document("b"))).toBe(2);
    expect(map.get("c")).toBe(3);
  });
});
