import type { Db } from "./client.ts";

// Keyed by the database handle, so each server (and each test's server) keeps its own; a
// transaction's handle is a different key and prepares its own, which it drops when it ends.
const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database and reused (decision 011). Building a Drizzle query costs
 * far more than running it on a hot path (a 27-column select: ~0.2 ms of CPU), and on PostgreSQL
 * the named statement is parsed and planned once per connection instead of once per request. `name`
 * must be unique per shape of the statement: PostgreSQL keeps one text per name.
 */
export function preparedFor<T>(db: Db, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
