import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * React, React DOM, the scheduler and useSyncExternalStoreWithSelector ship as CommonJS only.
 * Bundled that way, a `require` takes a module's whole exports object, so nothing in them is ever
 * dropped, every call goes through an interop object, and /login loads Rolldown's CommonJS
 * runtime. This plugin hands Rolldown the same production files as ES modules instead, which drops
 * the exports nobody imports (React DOM's preload APIs, hydrateRoot, unused hooks…) and binds
 * calls directly: about 2 KB gzip off /login (docs/decisions/004-login-bundle-budget.md).
 *
 * Three rewrites make that work:
 * - the production files: `var X = require("m")` becomes `import * as X from "m"`, and each
 *   `exports.name` a module-level binding exported under that name;
 * - `import React from "react"` (and `react-dom`), anywhere, becomes `import * as React`: a CommonJS
 *   module's default export is its exports object, which the namespace stands for;
 * - `X[" useId ".trim().toString()]`, the way Radix hides its React 18 hooks from bundlers, becomes
 *   `X.useId`, so that React's namespace is not built at run time with every export in it.
 * The build stops with the file named if React's files ever take a shape these rewrites do not know.
 */
export function reactAsEsModules(): Plugin {
  const file = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
  const entries: Record<string, string> = {
    react: file("react/cjs/react.production.js"),
    "react/jsx-runtime": file("react/cjs/react-jsx-runtime.production.js"),
    "react-dom": file("react-dom/cjs/react-dom.production.js"),
    "react-dom/client": file("react-dom/cjs/react-dom-client.production.js"),
    scheduler: file("scheduler/cjs/scheduler.production.js"),
    // vite.config.ts sends TanStack Store's shim import here: React 19 has the hook built in.
    "use-sync-external-store/with-selector": file(
      "use-sync-external-store/cjs/use-sync-external-store-with-selector.production.js",
    ),
  };
  const converted = new Set(Object.values(entries));
  let production = false;

  return {
    name: "commons:react-as-es-modules",
    // The server's renderer takes React from node_modules, as react-dom/server does: one copy.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "pre",
    configResolved(config) {
      production = config.isProduction;
    },
    resolveId(source) {
      return production ? (entries[source] ?? null) : null;
    },
    transform(code, id) {
      if (!production) return null;
      if (converted.has(id)) return { code: toEsModule(code, id, this.parse(code)), map: null };
      const lang = SCRIPT.exec(id)?.[1];
      if (lang === undefined || id.startsWith("\0")) return null;
      let next = code;
      if (next.includes(".trim().toString()]")) next = next.replace(HIDDEN_MEMBER, "$1.$2");
      if (DEFAULT_IMPORT_HINT.test(next)) {
        const parsed = this.parse(next, { lang: lang.replace(/^[cm]/, "") as "js" | "jsx" | "ts" | "tsx" });
        next = namespaceDefaultImports(next, parsed);
      }
      return next === code ? null : { code: next, map: null };
    },
  };
}

const SCRIPT = /\.([cm]?[jt]sx?)(?:\?.*)?$/;
const HIDDEN_MEMBER = /([\w$]+)\[" ([\w$]+) "\.trim\(\)\.toString\(\)\]/g;
const DEFAULT_IMPORT_HINT = /import\s+[\w$]+\s*(,|from)[^;]*["']react(-dom)?["']/;

// Just what these rewrites read of Oxc's ESTree.
type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Program = { body: unknown[] };
type Edit = { start: number; end: number; text: string };

function applyEdits(code: string, edits: Edit[]): string {
  let out = "";
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

function visit(node: Node, enter: (node: Node, parent: Node | null) => void, parent: Node | null = null) {
  enter(node, parent);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) visit(child, enter, node);
    } else if (isNode(value)) visit(value, enter, node);
  }
}

const isIdentifier = (node: unknown, name?: string): node is Node & { name: string } =>
  isNode(node) && node.type === "Identifier" && (name === undefined || node.name === name);

/** Whether an identifier names a variable, rather than a property (`a.name`, `{ name: … }`). */
function isReference(node: Node, parent: Node | null): boolean {
  if (!parent) return true;
  if (parent.type === "MemberExpression") return parent.computed === true || parent.property !== node;
  if (parent.type === "Property")
    return parent.computed === true || parent.key !== node || parent.shorthand === true;
  return true;
}

/** `require("m")`, and its m. */
function requiredModule(node: unknown): string | null {
  if (!isNode(node) || node.type !== "CallExpression" || !isIdentifier(node.callee, "require")) return null;
  const [argument] = node.arguments as unknown[];
  return isNode(argument) && argument.type === "Literal" && typeof argument.value === "string"
    ? argument.value
    : null;
}

/** `exports.name`, and its name. */
function exportName(node: Node): string | null {
  if (node.type !== "MemberExpression" || node.computed || !isIdentifier(node.object, "exports")) return null;
  return isIdentifier(node.property) ? node.property.name : null;
}

function unexpectedShape(id: string, what: string): never {
  throw new Error(`${id}: ${what}. React's CommonJS build changed shape; update scripts/vite/react-esm.ts.`);
}

function toEsModule(code: string, id: string, program: Program): string {
  const edits: Edit[] = [];
  const imports: string[] = [];
  const body = program.body.filter(isNode);

  for (const statement of body) {
    if (statement.type !== "VariableDeclaration") continue;
    const declarations = (statement.declarations as Node[]).filter(isNode);
    const required = declarations.filter((declaration) => requiredModule(declaration.init) !== null);
    if (required.length === 0) continue;
    for (const declaration of required) {
      if (!isIdentifier(declaration.id)) unexpectedShape(id, "a require() result is destructured");
      imports.push(
        `import * as ${declaration.id.name} from ${JSON.stringify(requiredModule(declaration.init))};`,
      );
    }
    const kept = declarations.filter((declaration) => !required.includes(declaration));
    edits.push({
      start: statement.start,
      end: statement.end,
      text: kept.length > 0 ? `var ${kept.map((d) => code.slice(d.start, d.end)).join(", ")};` : "",
    });
  }

  const uses: Node[] = [];
  const writes = new Map<string, number>();
  const topLevelDeclarators = new Set(
    body.flatMap((statement) => (statement.type === "VariableDeclaration" ? statement.declarations : [])),
  );
  visit({ type: "Program", start: 0, end: code.length, body }, (node, parent) => {
    const name = exportName(node);
    if (name !== null) {
      uses.push(node);
      if (parent?.type === "AssignmentExpression" && parent.left === node) {
        writes.set(name, (writes.get(name) ?? 0) + 1);
      }
    } else if (
      isIdentifier(node, "exports") &&
      isReference(node, parent) &&
      !(parent && exportName(parent))
    ) {
      unexpectedShape(id, "it uses `exports` other than as `exports.name`");
    } else if (isIdentifier(node, "module") && isReference(node, parent)) {
      unexpectedShape(id, "it uses `module`");
    } else if (
      requiredModule(node) !== null &&
      !(parent && topLevelDeclarators.has(parent) && parent.init === node)
    ) {
      unexpectedShape(id, "it calls require() other than as a top-level `var x = require(…)`");
    }
  });

  // `exports.name = value;` at the top, assigned nowhere else, becomes a declaration that
  // Rolldown can drop when nothing imports it; other exports are declared first and assigned
  // where the CommonJS code assigned them.
  const declared = new Set<string>();
  const declarations = new Set<Node>();
  for (const statement of body) {
    const expression = statement.type === "ExpressionStatement" ? (statement.expression as Node) : null;
    if (expression?.type !== "AssignmentExpression" || expression.operator !== "=") continue;
    const left = expression.left as Node;
    const name = exportName(left);
    if (name === null || writes.get(name) !== 1) continue;
    edits.push({ start: left.start, end: left.end, text: `var exports$${name}` });
    declared.add(name);
    declarations.add(left);
  }
  for (const use of uses) {
    if (!declarations.has(use))
      edits.push({ start: use.start, end: use.end, text: `exports$${exportName(use)}` });
  }

  const names = [...new Set(uses.map((use) => exportName(use) as string))];
  if (names.length === 0) unexpectedShape(id, "it exports nothing");
  const assignedLater = names.filter((name) => !declared.has(name));
  const head =
    imports.join("\n") +
    (assignedLater.length > 0 ? `\nvar ${assignedLater.map((name) => `exports$${name}`).join(", ")};` : "");
  const tail = `\nexport { ${names.map((name) => `exports$${name} as ${name}`).join(", ")} };\n`;
  return `${head}\n${applyEdits(code, edits)}${tail}`;
}

/** `import React from "react"` → `import * as React from "react"` (the same for react-dom). */
function namespaceDefaultImports(code: string, program: Program): string {
  const edits: Edit[] = [];
  for (const statement of program.body.filter(isNode)) {
    if (statement.type !== "ImportDeclaration") continue;
    const source = (statement.source as Node & { value: string }).value;
    if (source !== "react" && source !== "react-dom") continue;
    const specifiers = (statement.specifiers as Node[]).filter(isNode);
    const isDefault = (specifier: Node) =>
      specifier.type === "ImportDefaultSpecifier" ||
      (specifier.type === "ImportSpecifier" && isIdentifier(specifier.imported, "default"));
    const defaults = specifiers.filter(isDefault);
    if (defaults.length === 0) continue;
    const from = JSON.stringify(source);
    const rest = specifiers.filter((specifier) => !isDefault(specifier));
    const namespace = rest.find((specifier) => specifier.type === "ImportNamespaceSpecifier");
    const named = rest.filter((specifier) => specifier.type === "ImportSpecifier");
    const local = (specifier: Node) => (specifier.local as Node & { name: string }).name;
    const text = [
      ...defaults.map((specifier) => `import * as ${local(specifier)} from ${from};`),
      ...(namespace ? [`import * as ${local(namespace)} from ${from};`] : []),
      ...(named.length > 0
        ? [`import { ${named.map((s) => code.slice(s.start, s.end)).join(", ")} } from ${from};`]
        : []),
    ].join("");
    edits.push({ start: statement.start, end: statement.end, text });
  }
  return edits.length > 0 ? applyEdits(code, edits) : code;
}
