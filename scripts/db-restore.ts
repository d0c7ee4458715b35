// npm run db:restore -- <file> [--force]: restores a db:backup file into DATABASE_URL. Refuses a
// target that already holds a database unless --force; stop every server using it first.
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { BackupError, restoreDatabase } from "#infrastructure/db/backup";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("Usage: npm run db:restore -- <backup file> [--force]");
  process.exit(2);
}
try {
  const config = loadConfig();
  await restoreDatabase({ url: config.databaseUrl }, file, { force: args.includes("--force") });
  console.log(`Restored ${file} into the configured database. Start the server: it migrates it if this build is newer.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
}
