// `npm run restore -- FILE`: an archive from `npm run backup` into an empty or absent DATA_DIR.
import { runBackupCommand } from "#server/backup/command.ts";

process.exitCode = await runBackupCommand("restore", process.argv.slice(2));
