// `npm run backup -- FILE`: DATA_DIR's database and files in one archive, also while the app runs.
import { runBackupCommand } from "#server/backup/command.ts";

process.exitCode = await runBackupCommand("backup", process.argv.slice(2));
