import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const db = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
await db.exec(
  "create extension if not exists pg_trgm; create extension if not exists btree_gin; create table t(c text, n text, tags text[]); create index on t using gin (n gin_trgm_ops); create index on t using gin (c, tags);",
);
await db.exec("insert into t values ('a','Ada Lovelace','{vip}')");
console.log((await db.query("select * from t where n ilike '%love%' and c='a' and tags @> '{vip}'")).rows);
const dump = await db.dumpDataDir("none");
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, btree_gin } });
console.log((await db2.query("select * from t where n ilike '%love%'")).rows);
