// The server: configuration, database migration, demo seed, then HTTP. `npm start` runs this
// after building; `npm run dev` runs it with Vite in the middle.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { connect } from "#infrastructure/db/connection";
import { SQLITE_STATISTICS_INTERVAL_MS } from "#infrastructure/db/sqlite-statistics";
import { checkSchema, migrateDatabase, SchemaMismatchError } from "#infrastructure/db/migrate";
import { createServices } from "~/services.server";
import { seedDemoData } from "#infrastructure/seed/demo-seed";
import { createFileStorages } from "#infrastructure/storage/create-file-storage";
import { seedHelpContent } from "#infrastructure/seed/help-content-seed";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { createHttpApp } from "./http-app";
import { createShutdown, exitOnUnhandledRejection, listenAddress, publicDemoWarning } from "./process";
import { configureLogging, logger } from "#infrastructure/logging/logger";

// Production runs this file compiled, as build/server/server.js (decision 0192).
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
const dev = process.argv.includes("--dev");

async function main() {
  exitOnUnhandledRejection(process, logger);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Said in plain text: the one who reads it is starting the server by hand.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  configureLogging(config.logging);

  if (config.publicDemo) logger.warn({ reasons: config.publicDemoReasons }, publicDemoWarning(config.publicDemoReasons));

  const database = connect({
    url: config.databaseUrl,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    preparedStatements: config.database.preparedStatements,
    batchStatements: config.database.batchStatements,
    // Synchronous, so a page's statements are all in the file when its response has been sent.
    onQuery: config.queryLogFile
      ? (sql, parameters) => fs.appendFileSync(config.queryLogFile!, `${JSON.stringify({ sql, parameters })}\n`)
      : undefined,
    onAvailabilityChange: (available, error) => {
      if (available) logger.info("[database] reachable again");
      else logger.error(`[database] unreachable: ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  // Several instances may start together: migrateDatabase takes a lock the others wait on
  // (decision 0130). Either way the schema must be exactly this build's, or the process ends here.
  try {
    if (config.database.migrateOnStart) {
      const applied = await migrateDatabase(database);
      if (applied.length > 0) logger.info({ migrations: applied }, `Migrated the database: ${applied.join(", ")}`);
    } else {
      await checkSchema(database);
    }
  } catch (error) {
    if (error instanceof SchemaMismatchError) {
      logger.fatal(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  // The FAQ and legal pages' first versions, once (decision 0128): a live site needs them too.
  if ((await seedHelpContent(database.db)).seeded) logger.info("Wrote the first versions of the FAQ and the legal pages.");

  // Photos and documents: local disk, or the S3 bucket every instance shares (decision 0135).
  const files = createFileStorages(config);
  if (config.demoMode) {
    const { seeded } = await seedDemoData(database.db, { photos: files.photos, hasher: new ScryptPasswordHasher() });
    if (seeded) logger.info("Seeded the demo data (demo accounts use the password kamernest-demo).");
  }

  // The planner's statistics (SQLite: the app keeps them, decision 0168), before the first page,
  // then once a day as the listings grow. Without them the pages are slower, not wrong: a failure
  // is logged and the server goes on.
  const gatherStatistics = () =>
    database.gatherStatistics().catch((error) => logger.warn({ err: error }, "[database] could not gather the planner's statistics"));
  await gatherStatistics();
  const statistics = setInterval(gatherStatistics, SQLITE_STATISTICS_INTERVAL_MS);
  statistics.unref();

  const services = createServices(config, database, { files });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let vite;
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    const devServer = vite;
    build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else if (import.meta.url.endsWith(".ts")) {
    // An old unit file or script (tsx server/index.ts): say what runs production now.
    throw new Error(
      "from source the server runs only with --dev (npm run dev); production runs the compiled server: npm run build, then node build/server/server.js (npm run serve)",
    );
  } else {
    // The Remix build: in the bundle, its index.js beside this file, sharing its modules (decision 0192).
    build = (await import("virtual:remix/server-build")) as ServerBuild;
  }

  const app = createHttpApp({ services, build, vite, clientDir });
  // Loopback only unless the site is public or HOST says otherwise (server/process.ts).
  const where = listenAddress(config);
  const listening = () => logger.info(`KamerNest is listening on ${where.shown} (${config.demoMode ? "demo" : "live"} mode)`);
  const server = where.host === undefined ? app.listen(where.port, listening) : app.listen(where.port, where.host, listening);

  // Stop taking requests, let those in flight finish (10 s at most, then exit 1) and the loaders and
  // actions of those whose client left, then close the database.
  const shutdown = createShutdown({
    proc: process,
    log: logger,
    closeServer: (done) => server.close(() => done()),
    closeIdleConnections: () => server.closeIdleConnections(),
    routeCallsSettled: () => app.routeCallsSettled(),
    cleanup: async () => {
      clearInterval(statistics);
      await services.stop();
      await database.close();
    },
  });
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  // The log's destinations are written asynchronously but flushed when the process exits.
  logger.fatal({ err: error }, "the server could not start");
  process.exit(1);
});
