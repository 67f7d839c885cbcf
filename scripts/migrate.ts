import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "#server/db/client.ts";

// `npm run db:migrate`: applies the migrations in drizzle/ to the app's database (PostgreSQL when
// DATABASE_URL is set, otherwise the embedded database in DATA_DIR, which no server may hold open
// meanwhile), without starting the server. The server also migrates when it starts; this is for a
// deployment that migrates once before starting its replicas, or to check a migration by itself.

const root = fileURLToPath(new URL("..", import.meta.url));
// Variables already in the environment win over the file, as for `npm start`.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir });
try {
  const started = performance.now();
  await database.migrate();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Migrations applied to ${databaseUrl ? "PostgreSQL" : dataDir} in ${seconds} s.`);
} finally {
  await database.close();
}
