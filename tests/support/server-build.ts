// A ServerBuild made in a test from route modules (the real ones, or a few written in the test),
// for running them through the real HTTP stack (server/http-app.ts) without a Vite build.
import type { ServerBuild } from "@remix-run/node";

export interface TestRoute {
  path: string;
  parentId?: string;
  module: object;
}

/** `routes` must hold a `root`; only the root has an error boundary, as in app/root.tsx. */
export function testServerBuild(routes: Record<string, TestRoute>, entry: ServerBuild["entry"]["module"], version = "test"): ServerBuild {
  const manifestRoute = (id: string, r: TestRoute) => ({
    id,
    path: r.path,
    parentId: r.parentId,
    module: `/${id}.js`,
    hasAction: "action" in r.module,
    hasLoader: "loader" in r.module,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: id === "root",
    imports: [],
  });
  return {
    mode: "production",
    entry: { module: entry },
    routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, ...r }])) as unknown as ServerBuild["routes"],
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, manifestRoute(id, r)])),
      url: "/manifest.js",
      version,
    } as unknown as ServerBuild["assets"],
    publicPath: "/assets/",
    assetsBuildDirectory: "build/client/assets",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    } as unknown as ServerBuild["future"],
    isSpaMode: false,
  } as ServerBuild;
}
