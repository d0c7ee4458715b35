// The real Express app (server/http-app.ts) on an ephemeral port, in front of a tiny Remix build
// made here: a resource route that echoes what it received (the client IP, the body size), a
// page whose loader asks the database, and the real /healthz and /readyz routes. Services hold only what the
// app itself reads (config, database, the file storages behind /media/photos, and the cookie session
// and user lookup the upload routes' check reads: signInAs makes a session for a made-up user).
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { createCookieSessionStorage, type ServerBuild } from "@remix-run/node";
import type { SessionUser } from "#domain/accounts/account.entity";
import { SESSION_ID_KEY } from "~/utils/session-id.server";
import { sql } from "kysely";
import type { Services } from "~/services.server";
import { loadConfig } from "#infrastructure/config/config";
import { createFileStorages } from "#infrastructure/storage/create-file-storage";
import { afterAll, beforeAll } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import * as healthz from "~/routes/healthz";
import * as readyz from "~/routes/readyz";
import { createHttpApp } from "../../../server/http-app";
import { renderedPageResponse } from "~/static-page";
import { PublicPagesSignal } from "#infrastructure/jobs/public-pages-signal";

let lastDocument: Response | undefined;
/** The Response the fake build's document entry made last (its body stream is left unread when sent whole). */
export const lastDocumentResponse = () => lastDocument;

function fakeBuild(database: DatabaseHandle): ServerBuild {
  const echo = async ({ request, context }: { request: Request; context: { clientIp?: string } }) => {
    const body = request.method === "GET" || request.method === "HEAD" ? new Uint8Array() : new Uint8Array(await request.arrayBuffer());
    return Response.json({ ip: context.clientIp ?? null, bytes: body.length });
  };
  return {
    mode: "production",
    entry: {
      module: {
        // The "document": only its status matters here. Made as app/entry.server.tsx makes a
        // page (its bytes kept for the HTTP layer); the last one is kept for the tests to look at.
        default: (_request: Request, status: number) => {
          lastDocument = renderedPageResponse(Buffer.from(`<p>page ${status}</p>`), { status, headers: { "Content-Type": "text/html" } });
          return lastDocument;
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/echo": { id: "routes/echo", parentId: "root", path: "echo", module: { loader: echo, action: echo } },
      "routes/auth.login": { id: "routes/auth.login", parentId: "root", path: "auth/login", module: { loader: echo, action: echo } },
      "routes/auth.agent-verification": {
        id: "routes/auth.agent-verification",
        parentId: "root",
        path: "auth/agent-verification",
        module: { action: echo },
      },
      "routes/webhooks.fapshi": { id: "routes/webhooks.fapshi", parentId: "root", path: "webhooks/fapshi", module: { action: echo } },
      "routes/healthz": { id: "routes/healthz", parentId: "root", path: "healthz", module: healthz },
      "routes/readyz": { id: "routes/readyz", parentId: "root", path: "readyz", module: readyz },
      "routes/page": {
        id: "routes/page",
        parentId: "root",
        path: "page",
        module: {
          default: () => null,
          loader: async () => {
            await sql`select 1`.execute(database.db);
            return { ok: true };
          },
        },
      },
    },
    assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/assets/",
    assetsBuildDirectory: "build/client/assets",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
}

export interface RunningApp {
  base: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

const sessionStorage = createCookieSessionStorage({ cookie: { name: "kn_session", secrets: ["http-app-harness"] } });
const sessionUsers = new Map<string, SessionUser>();

/** The Cookie header of a session for a made-up user (a student unless `user` says otherwise). */
export async function signInAs(user: Partial<SessionUser> = {}): Promise<string> {
  const id = `session-${sessionUsers.size + 1}`;
  sessionUsers.set(id, {
    id: `user-${sessionUsers.size + 1}`,
    name: "Test",
    email: "test@example.cm",
    phone: null,
    role: "student",
    isAdmin: false,
    isAgent: false,
    agentStatus: null,
    totpEnabled: false,
    language: "en",
    ...user,
  });
  const session = await sessionStorage.getSession();
  session.set(SESSION_ID_KEY, id);
  return (await sessionStorage.commitSession(session)).split(";")[0];
}

export async function startHttpApp(database: DatabaseHandle, env: Record<string, string> = {}): Promise<RunningApp> {
  const config = loadConfig({ NODE_ENV: "test", PAGE_CACHE_TTL_MS: "0", ...env });
  // No use case runs here: the signal the page cache listens to is never told.
  const publicPages = new PublicPagesSignal({ bump: async () => {} }, { spacingMs: 0 });
  const services = {
    config,
    database,
    files: createFileStorages(config),
    sessionStorage,
    currentUser: async (sessionId: string) => sessionUsers.get(sessionId) ?? null,
    publicPages,
  } as unknown as Services;
  const app = createHttpApp({ services, build: fakeBuild(database), clientDir: "build/client-absent" });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The app on a fresh in-memory SQLite database for the tests of the describe block it is called in:
 * started before them, closed after. Gives the running app (once started).
 */
export function useHttpApp(env: Record<string, string> = {}): () => RunningApp {
  let database: DatabaseHandle | undefined;
  let app: RunningApp | undefined;
  beforeAll(async () => {
    database = connect({ url: ":memory:" });
    app = await startHttpApp(database, env);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return () => {
    if (!app) throw new Error("the app starts in beforeAll: ask for it inside a test");
    return app;
  };
}
