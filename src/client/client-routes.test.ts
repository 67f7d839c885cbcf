// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { CLIENT_ROUTES, type ClientRoute } from "#shared/client-routes.ts";
import type { FileRouteTypes } from "./routeTree.gen.ts";

describe("the server's list of client routes", () => {
  it("is the client's generated route tree, so unknown paths answer 404 and known ones never do", () => {
    expectTypeOf<ClientRoute>().toEqualTypeOf<FileRouteTypes["fullPaths"]>();
    const generated = readFileSync(path.join(import.meta.dirname, "routeTree.gen.ts"), "utf8");
    const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(generated)?.[1] ?? "";
    const fullPaths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]);
    expect(fullPaths.length).toBeGreaterThan(0);
    expect([...CLIENT_ROUTES].sort()).toEqual(fullPaths.sort());
  });
});
