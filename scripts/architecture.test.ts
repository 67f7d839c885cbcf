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
/** Tests (and their helpers) sit above everything they test; they are not part of the graph. */
const isTest = (p: string) => /\.test\.tsx?$|test-support\.ts$|^server\/test\//.test(p);
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

  it("server modules do not import each other in a circle", () => {
    // One node per module (src/server/modules/<name>) and per server layer that names modules. A
    // module's `*.graphql.ts` is its part of the GraphQL layer (graphql -> <area>.graphql.ts ->
    // service), and the registries (db/schema.ts, graphql/schema.ts) name every module by design.
    const node = (p: string) => {
      if (/^server\/(graphql\/schema|db\/schema)\.ts$/.test(p) || isTest(p)) return undefined;
      if (/^server\/modules\/[^/]+\/[^/]+\.graphql(\.ts)?$/.test(p)) return "server/graphql";
      return p.match(/^server\/modules\/[^/]+/)?.[0] ?? p.match(/^server\/(jobs|graphql|http)(?=\/)/)?.[0];
    };
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      // A foreign key names another module's table; the schema is one, the code still is not.
      if (/\.tables\.ts$/.test(e.from) && /\.tables(\.ts)?$/.test(e.to)) continue;
      const from = node(e.from);
      const to = node(e.to);
      if (!from || !to || from === to) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("no source file imports itself through others", () => {
    const graph = new Map<string, Set<string>>();
    const known = new Set(edges.map((e) => e.from));
    for (const e of edges) {
      if (!isLocal(e.specifier)) continue;
      const to = [e.to, `${e.to}.ts`, `${e.to}.tsx`].find((candidate) => known.has(candidate));
      if (!to || to === e.from) continue;
      graph.set(e.from, (graph.get(e.from) ?? new Set()).add(to));
    }
    expect(cyclesOf(graph)).toEqual([]);
  });
});

/** Every strongly connected group of more than one node (Tarjan): nodes that reach each other. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1) groups.push(`import each other in a circle: ${group.sort().join(", ")}`);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.sort();
}

describe("docs/ARCHITECTURE.md", () => {
  /** The module table: each row's modules (first column) and the modules they use (last column). */
  function documentedModules(): Map<string, Set<string>> {
    const text = readFileSync(path.join(root, "docs", "ARCHITECTURE.md"), "utf8");
    const section = text.slice(text.indexOf("## Server modules"), text.indexOf("### Domain events"));
    const rows = section.split("\n").filter((line) => /^\|\s*`/.test(line));
    const documented = new Map<string, Set<string>>();
    for (const row of rows) {
      const cells = row.split("|").map((cell) => cell.trim());
      const names = [...(cells[1] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
      const uses = (cells[cells.length - 2] ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== "" && name !== "—");
      for (const name of names) documented.set(name, new Set(uses));
    }
    return documented;
  }

  it("lists every server module folder, and what each one imports, as the code has it", () => {
    const module = (p: string) => p.match(/^server\/modules\/([^/]+)\//)?.[1];
    const actual = new Map<string, Set<string>>(
      readdirSync(path.join(src, "server", "modules")).map((name) => [name, new Set<string>()]),
    );
    for (const e of edges) {
      const from = module(e.from);
      const to = module(e.to);
      if (from && to && from !== to && !isTest(e.from)) actual.get(from)?.add(to);
    }
    const sorted = (map: Map<string, Set<string>>) =>
      Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
    expect(sorted(documentedModules())).toEqual(sorted(actual));
  });
});
