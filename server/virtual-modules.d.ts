// The Remix build as the Vite plugin names it: server/index.ts imports it in production, where
// Rollup bundles the two together (decision 0192).
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/node";
  const build: ServerBuild;
  export = build;
}

// The browser build's locale chunks, "language/namespace" → URL (vite.config.ts, decision 0193).
declare module "virtual:locale-chunks" {
  const chunks: Record<string, string>;
  export default chunks;
}
