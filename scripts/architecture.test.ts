import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The rules of direction from ARCHITECTURE.md, checked on every relative import. */
const root = fileURLToPath(new URL("..", import.meta.url));
const src = path.join(root, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "gql" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith(".gen.ts") ? [full] : [];
  });
}

type Edge = { from: string; to: string; specifier: string };

const edges: Edge[] = sourceFiles(src).flatMap((file) => {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...text.matchAll(
      /(?:import|export)[^'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g,
    ),
  ]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((s): s is string => Boolean(s));
  return specifiers.map((specifier) => ({
    from: path.relative(src, file),
    to: specifier.startsWith(".")
      ? path.relative(src, path.resolve(path.dirname(file), specifier))
      : specifier.startsWith("#")
        ? path.normalize(specifier.slice(1))
        : specifier,
    specifier,
  }));
});

const area = (p: string) => p.split(path.sep)[0];
/** An import of this project's own code: relative, or through package.json's `#area/` imports. */
const isLocal = (specifier: string) => specifier.startsWith(".") || specifier.startsWith("#");
const violations = (rule: (edge: Edge) => boolean) =>
  edges.filter(rule).map((e) => `${e.from} -> ${e.specifier}`);

describe("rules of direction", () => {
  it("client and server never import each other", () => {
    expect(edges.filter((e) => isLocal(e.specifier)).length).toBeGreaterThan(30);
    expect(violations((e) => area(e.from) === "client" && area(e.to) === "server")).toEqual([]);
    expect(violations((e) => area(e.from) === "server" && area(e.to) === "client")).toEqual([]);
  });

  it("shared imports nothing but shared, and does no I/O", () => {
    expect(
      violations(
        (e) =>
          area(e.from) === "shared" &&
          (isLocal(e.specifier) ? area(e.to) !== "shared" : !e.specifier.startsWith("vitest")),
      ),
    ).toEqual([]);
  });

  it("client features do not import each other", () => {
    const feature = (p: string) => p.match(/^client\/features\/([^/]+)\//)?.[1];
    expect(
      violations((e) => Boolean(feature(e.from) && feature(e.to) && feature(e.from) !== feature(e.to))),
    ).toEqual([]);
  });

  it("client features and components never import routes", () => {
    expect(
      violations(
        (e) =>
          /^client\/(features|components|lib)\//.test(e.from) && e.to.startsWith(`client${path.sep}routes`),
      ),
    ).toEqual([]);
  });

  it("a server module reaches another module through its service, never its tables", () => {
    const module = (p: string) => p.match(/^server\/modules\/([^/]+)\//)?.[1];
    expect(
      violations((e) => {
        const from = module(e.from);
        const to = module(e.to);
        // Foreign keys are the one place tables name another module's tables, and better-auth's
        // adapter is handed the users table it writes.
        const betterAuthUsers =
          e.from === path.join("server", "modules", "auth", "auth.ts") &&
          e.to === path.join("server", "modules", "users", "users.tables.ts");
        return Boolean(
          from &&
            to &&
            from !== to &&
            /\.tables(\.ts)?$/.test(e.to) &&
            !e.from.endsWith(".tables.ts") &&
            !betterAuthUsers,
        );
      }),
    ).toEqual([]);
  });

  it("a server module never reaches other modules' tables through the schema registry", () => {
    expect(
      violations(
        (e) =>
          /^server\/modules\//.test(e.from) &&
          !/(\.test\.ts|test-support\.ts)$/.test(e.from) &&
          e.to === path.join("server", "db", "schema.ts"),
      ),
    ).toEqual([]);
  });

  it("services and policies know nothing of HTTP or GraphQL", () => {
    expect(
      violations(
        (e) =>
          /\.(service|policy)\.ts$/.test(e.from) &&
          (/^(hono|graphql|graphql-yoga|@pothos\/)/.test(e.specifier) ||
            e.to.startsWith(`server${path.sep}graphql`)),
      ),
    ).toEqual([]);
  });
});
