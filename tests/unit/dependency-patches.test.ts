import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// patches/ holds our changes to Remix's server code (patches/README.md, decision 0152), applied by
// `patch-package` after every install. If a clean install did not apply them, the pages still work
// but each one costs a third more CPU: this test names what is missing.
const require = createRequire(import.meta.url);
const read = (file: string) => fs.readFileSync(file, "utf8");
const nestedRouter = (parent: string) => createRequire(require.resolve(parent)).resolve("@remix-run/router");

describe("dependency patches", () => {
  it("has a patch for each file it checks, at the installed version", () => {
    const patches = fs.readdirSync(path.resolve("patches")).filter((f) => f.endsWith(".patch"));
    for (const patch of patches) {
      const [, pkgPath, version] = /^(.*)\+(\d+\.\d+\.\d+)\.patch$/.exec(patch) ?? [];
      // "react-router++@remix-run+router" is @remix-run/router inside react-router's node_modules.
      const dir = pkgPath.split("++").map((p) => p.replace(/^(@[^+]+)\+/, "$1/").replace(/\+/g, "/"));
      const manifest = path.resolve("node_modules", dir.join("/node_modules/"), "package.json");
      expect(JSON.parse(read(manifest)).version, patch).toBe(version);
    }
    expect(patches.length).toBe(6);
  });

  it("are applied to the modules Node loads on the server (run npm install if not)", () => {
    for (const routerFile of [require.resolve("@remix-run/router"), nestedRouter("react-router"), nestedRouter("react-router-dom")]) {
      expect(read(routerFile), routerFile).toContain("function rankedBranchesOf(routes)");
      expect(read(routerFile), routerFile).toContain("function candidateBranchesOf(routes, decodedPathname)");
    }
    expect(read(require.resolve("@remix-run/server-runtime/dist/server.js"))).toContain("function lazyHandoffStream(encode)");
    expect(read(require.resolve("@remix-run/server-runtime/dist/data.js"))).toContain(
      'if (!url.searchParams.has("index")) return request;',
    );
    expect(read(require.resolve("@remix-run/react/dist/server.js"))).toContain("function serverRoutesOf(");
    expect(read(require.resolve("react-router-dom/server.js"))).toContain("dataRoutesCache.get(routes)");
  });

  it("still matches each path to its own routes with the ranked branches kept between calls", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "listings", path: "listings" },
          { id: "listing", path: "listings/:id" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const ids = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.id);
    expect(ids("/listings")).toEqual(["root", "listings"]);
    expect(ids("/listings/abc")).toEqual(["root", "listing"]);
    expect(matchRoutes(routes, "/listings/abc")?.[1].params).toEqual({ id: "abc" });
    expect(ids("/LISTINGS")).toEqual(["root", "listings"]);
    expect(ids("/nowhere")).toEqual(["root", "splat"]);
  });

  it("hands every loader the page's own Request when there is no parameter to strip, and a stripped copy otherwise", async () => {
    const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
      callRouteLoader: (args: {
        loadContext: unknown;
        loader: (a: { request: Request }) => unknown;
        params: object;
        request: Request;
        routeId: string;
        singleFetch: boolean;
      }) => Promise<unknown>;
    };
    const seen = async (request: Request) => {
      let got: Request | undefined;
      await callRouteLoader({
        loadContext: {},
        params: {},
        routeId: "r",
        singleFetch: true,
        request,
        loader: ({ request: r }) => ((got = r), {}),
      });
      return got!;
    };
    const plain = new Request("http://localhost/listings?n=Molyko");
    expect(await seen(plain)).toBe(plain);
    const withIndex = await seen(new Request("http://localhost/listings?index&n=Molyko&_routes=root"));
    expect(withIndex.url).toBe("http://localhost/listings?n=Molyko");
  });

  it("matches every path to what the unpatched router matches, trying only the branches of its first segment", async () => {
    // The server's copies (CommonJS, patched) against the browser's build of the same version,
    // which patch-package leaves alone.
    type Match = { route: { id: string }; params: Record<string, string | undefined>; pathname: string };
    type MatchRoutes = (routes: object[], location: string) => Match[] | null;
    const patched = (require("@remix-run/router") as { matchRoutes: MatchRoutes }).matchRoutes;
    const reference = (
      (await import(pathToFileURL(path.join(path.dirname(require.resolve("@remix-run/router")), "router.js")).href)) as {
        matchRoutes: MatchRoutes;
      }
    ).matchRoutes;
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "listings", path: "listings" },
          { id: "listing", path: "listings/:id" },
          { id: "property", path: "property/:id" },
          {
            id: "agents",
            path: "agents",
            children: [
              { id: "agents-index", index: true },
              { id: "agent-bookings", path: "bookings" },
              { id: "agent-property", path: "properties/:id/edit" },
            ],
          },
          {
            id: "layout",
            children: [
              { id: "profile", path: "profile" },
              { id: "reschedule", path: "profile/bookings/:id/reschedule" },
            ],
          },
          { id: "robots", path: "robots.txt" },
          { id: "case", path: "CaseOnly", caseSensitive: true },
          { id: "optional", path: "blog/:slug?" },
          { id: "lang", path: ":lang/help" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const paths = [
      "/",
      "//",
      "/listings",
      "/listings/",
      "//listings",
      "/LISTINGS",
      "/listings/abc",
      "/listings/abc/",
      "/listings/a%20b",
      "/listings/abc/extra",
      "/property/x",
      "/agents",
      "/agents/",
      "/agents/bookings",
      "/Agents/Bookings",
      "/agents/properties/1/edit",
      "/agents/nope",
      "/profile",
      "/profile/bookings/9/reschedule",
      "/robots.txt",
      "/ROBOTS.TXT",
      "/CaseOnly",
      "/caseonly",
      "/blog",
      "/blog/hello",
      "/fr/help",
      "/help",
      "/nowhere",
      "/nowhere/at/all",
      "/%6Cistings",
      "/listings%2Fabc",
      "/\u00e9t\u00e9",
    ];
    const summary = (matches: Match[] | null) => matches?.map((m) => [m.route.id, m.pathname, m.params]);
    for (const pathname of paths) expect(summary(patched(routes, pathname)), pathname).toEqual(summary(reference(routes, pathname)));
  });
});
