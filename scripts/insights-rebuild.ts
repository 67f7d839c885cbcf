import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/client.ts";
import { rebuildInsights, vacuumRollups } from "#server/modules/insights/insights-rebuild.service.ts";

// `npm run insights:rebuild [-- --community <id>]`: computes the insights rollups again from the
// domain-event log, on the app's database (PostgreSQL when DATABASE_URL is set, otherwise the
// embedded database in DATA_DIR, which the server must not hold open meanwhile). A running server
// can be asked instead through the jobs runtime (`requestInsightsRebuild`).

const root = fileURLToPath(new URL("..", import.meta.url));
// Variables already in the environment win over the file, as for `npm start`.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const { values } = parseArgs({ options: { community: { type: "string" } } });
const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir });
try {
  await database.migrate();
  const started = performance.now();
  const result = await rebuildInsights(
    database.longQueries,
    values.community ? { communityId: values.community } : {},
  );
  if (!values.community) await vacuumRollups(database.longQueries);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const scope = values.community ? `community ${values.community}` : "all communities";
  console.log(
    `Insights rebuilt for ${scope} from ${result.entries} log entries in ${seconds} s (log position ${result.upTo.txId}/${result.upTo.position}).`,
  );
} finally {
  await database.close();
}
