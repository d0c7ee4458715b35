import fs from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { flatRoutes } from "remix-flat-routes";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appDir = path.resolve("app");
const rootRoute = path.join(appDir, "root.tsx");

/**
 * The app's modules that the root route imports without a dynamic import() (the shell: header,
 * toasts, error screens, the translation runtime), found once from the module graph. Every
 * hydrated page loads them all, so they travel as one chunk (with the framework they need)
 * instead of a dozen small files, each of which gzip would start afresh (issue 12).
 */
function shellModules(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    for (const imported of getModuleInfo(id)?.importedIds ?? []) {
      if (found.has(imported) || !imported.startsWith(appDir + path.sep)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(rootRoute);
  return found;
}

/**
 * The licences of the packages in the browser's JavaScript, written once to
 * /third-party-licenses.txt instead of a comment at the head of each package's code in every
 * page's JavaScript (1.4 KB gzip of each hydrated page, issue 12).
 */
function thirdPartyLicenses(): Plugin {
  return {
    name: "kamernest-third-party-licenses",
    apply: "build",
    generateBundle(_, bundle) {
      const packages = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          const match = /^(.*[/\\]node_modules[/\\](?:@[^/\\]+[/\\])?[^/\\]+)/.exec(id.replace(/^\0/, ""));
          if (match) packages.add(match[1]);
        }
      }
      const sections: string[] = [];
      for (const dir of [...packages].sort()) {
        const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
          name: string;
          version: string;
          license?: string;
        };
        const file = fs.readdirSync(dir).find((name) => /^licen[cs]e/i.test(name));
        const text = file ? fs.readFileSync(path.join(dir, file), "utf8").trim() : `License: ${manifest.license ?? "see the package"}`;
        sections.push(`${manifest.name} ${manifest.version}\n\n${text}`);
      }
      this.emitFile({ type: "asset", fileName: "third-party-licenses.txt", source: sections.join("\n\n---\n\n") + "\n" });
    },
  };
}

/**
 * `virtual:locale-chunks`: the browser build's locale chunks (language/namespace → URL), read from
 * the file names the client build just wrote (`locale-{language}-{namespace}-{hash}.js`, named in
 * its chunkFileNames below; Remix builds the browser first). The server writes a `modulepreload`
 * for the page's namespaces, so the browser fetches them beside the entry script instead of one
 * round trip after it (decision 0193). In development there are none: nothing is preloaded.
 */
export function localeChunks(): Plugin {
  const id = "virtual:locale-chunks";
  let command = "serve";
  let assetsDir = "";
  return {
    name: "kamernest-locale-chunks",
    configResolved(config) {
      command = config.command;
      assetsDir = path.resolve(config.root, "build/client/assets");
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const chunks: Record<string, string> = {};
      if (command === "build" && fs.existsSync(assetsDir)) {
        for (const name of fs.readdirSync(assetsDir)) {
          // Rollup's hash is 8 characters, which may include "-" and "_".
          const match = /^locale-([a-z]{2})-(.+)-[\w-]{8}\.js$/.exec(name);
          if (match) chunks[`${match[1]}/${match[2]}`] = `/assets/${name}`;
        }
      }
      return `export default ${JSON.stringify(chunks)};`;
    },
  };
}

/**
 * The Express server (server/index.ts) as a second entry of the server build, build/server/server.js
 * beside the Remix build's index.js (decision 0192). One Rollup build for both: every module they
 * share (the logger, app/static-page, the services' wiring) is one module in one chunk, loaded once
 * in the production process, and `npm start` runs plain `node`, nothing compiled at start.
 */
function expressServerEntry(): Plugin {
  return {
    name: "kamernest-express-server",
    apply: "build",
    buildStart() {
      this.emitFile({ type: "chunk", id: path.resolve("server/index.ts"), fileName: "server.js" });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  let shell: Set<string> | undefined;
  return {
    server: { port: 3000 },
    build: {
      target: "es2020",
      cssMinify: true,
      assetsInlineLimit: 0,
      // Terser makes the browser's JavaScript about 4 % smaller than esbuild's minifier (3.6 KB gzip
      // of the framework alone, issue 12); licence comments go to /third-party-licenses.txt
      // (thirdPartyLicenses above). The server's build is not minified.
      ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 }, format: { comments: false } } }),
      rollupOptions: isSsrBuild
        ? {
            // The modules both the Remix build and the Express server import (expressServerEntry
            // below), named for what they are rather than after the first of them.
            output: { chunkFileNames: (chunk) => (chunk.isDynamicEntry ? "assets/[name]-[hash].js" : "assets/shared-[hash].js") },
          }
        : {
            output: {
              // A locale file's chunk says what it is (locale-fr-payment-[hash].js): the page loads
              // them before it hydrates (decision 0193), and a test can tell them apart.
              chunkFileNames(chunk) {
                const locale = /[/\\]public[/\\]locales[/\\]([^/\\]+)[/\\]([^/\\]+)\.json$/.exec(chunk.facadeModuleId ?? "");
                return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : "assets/[name]-[hash].js";
              },
              manualChunks(id, { getModuleInfo }) {
                shell ??= shellModules(getModuleInfo);
                return shell.has(id) && !id.endsWith(".css") ? "shell" : undefined;
              },
            },
          },
    },
    plugins: [
      remix({
        ignoredRouteFiles: ["**/*"],
        routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/*.test.*", "**/*.server.*"] }),
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
      tsconfigPaths(),
      localeChunks(),
      ...(isSsrBuild ? [expressServerEntry()] : [thirdPartyLicenses()]),
    ],
  };
});
