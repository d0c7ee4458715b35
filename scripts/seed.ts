// `npm run db:seed`: migrates the configured database (DATABASE_URL) and fills it with the demo
// data, photos in STORAGE_DIR. Does nothing when the demo accounts already exist.
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { connect } from "#infrastructure/db/connection";
import { migrateDatabase } from "#infrastructure/db/migrate";
import type { Database } from "#infrastructure/db/schema";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "#infrastructure/seed/demo-seed";
import { createFileStorages } from "#infrastructure/storage/create-file-storage";
import { seedHelpContent } from "#infrastructure/seed/help-content-seed";

const SUMMARY_TABLES: Array<keyof Database> = [
  "profiles",
  "agents",
  "properties",
  "guest_houses",
  "photos",
  "blog_posts",
  "bookings",
  "payments",
  "subscriptions",
  "reviews",
  "message_threads",
  "messages",
];

async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const database = connect({ url: config.databaseUrl });
  try {
    await migrateDatabase(database);
    if ((await seedHelpContent(database.db)).seeded) console.info("Wrote the first versions of the FAQ and the legal pages.");
    // The seed hashes the demo password once and gives that hash to every demo user.
    const { seeded } = await seedDemoData(database.db, { photos: createFileStorages(config).photos, hasher: new ScryptPasswordHasher() });
    if (!seeded) {
      console.info("The demo accounts already exist: nothing seeded.");
      return;
    }
    console.info(
      `Seeded the demo data in ${Date.now() - started} ms (photos in ${config.objectStorage ? `s3://${config.objectStorage.bucket}/${config.objectStorage.prefix}` : config.storageDir}):`,
    );
    for (const table of SUMMARY_TABLES) {
      const { n } = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      console.info(`  ${table.padEnd(16)} ${n}`);
    }
    console.info(`Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const [email, account] of Object.entries(DEMO_ACCOUNTS)) {
      console.info(`  ${email.padEnd(30)} ${account.role.padEnd(8)} ${account.description}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
