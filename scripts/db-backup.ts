// npm run db:backup -- <file> [--force]: a consistent copy of DATABASE_URL taken while the server
// runs (SQLite online backup API; pg_dump custom format for PostgreSQL). See docs/deploy.md for
// the nightly timer with rotation.
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { BackupError, backupDatabase } from "#infrastructure/db/backup";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("Usage: npm run db:backup -- <backup file> [--force]");
  process.exit(2);
}
try {
  const config = loadConfig();
  const started = Date.now();
  const result = await backupDatabase({ url: config.databaseUrl }, file, { force: args.includes("--force") });
  console.log(`Backed up the ${result.engine} database to ${result.file} (${result.bytes} bytes, ${Date.now() - started} ms).`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
}
