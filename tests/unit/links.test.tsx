// The server's <Link>, <NavLink> and <Form> (app/components/link.tsx) write the same element as
// Remix's, for every kind of `to`, `action` and prop our pages use: a hydrated page must find
// what Remix would have rendered, and a static page must read the same.
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { Form as RemixForm, Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { Form, Link, NavLink } from "~/components/link";

/** Renders `element` as the page at `url` of a one-route router, as the server does. */
async function renderAt(url: string, element: () => ReactNode): Promise<string> {
  const routes = [{ id: "page", path: "*", Component: () => element() }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const hrefs = [
  "/",
  "/listings",
  "/listings/",
  "/listings?n=Molyko&max=40000",
  "/listings?",
  "/listings#results",
  "/listings?page=2#",
  "/listings/0f2ee194-ee49?back=n%3DMolyko%26max%3D40000",
  "/auth/login?redirectTo=%2Fprofile",
  "/caf%C3%A9",
];

describe("the server's Link", () => {
  it("takes its own path: it needs no router (Remix's would throw outside one)", () => {
    expect(renderToString(createElement(Link, { to: "/listings", className: "x" }, "Listings"))).toBe(
      '<a class="x" data-discover="true" href="/listings">Listings</a>',
    );
    expect(() => renderToString(createElement(RemixLink, { to: "/listings" }, "Listings"))).toThrow();
  });

  it.each(hrefs)("writes what Remix's Link writes for %s", async (to) => {
    const props = {
      to,
      className: "btn",
      "aria-label": "Go",
      prefetch: "intent" as const,
      title: "t",
      replace: true,
      state: { a: 1 },
      preventScrollReset: true,
    };
    const ours = await renderAt("/listings", () => createElement(Link, props, "Go"));
    const theirs = await renderAt("/listings", () => createElement(RemixLink, props, "Go"));
    expect(ours).toBe(theirs);
  });

  it("keeps reloadDocument and discover='none' as Remix does, and leaves other paths to Remix", async () => {
    for (const props of [
      { to: "/logout", reloadDocument: true },
      { to: "/listings", discover: "none" as const },
      { to: "listings/relative" },
      { to: { pathname: "/listings", search: "?n=Molyko" } },
      { to: "https://wa.me/237677000000", target: "_blank", rel: "noopener" },
      { to: "//example.com/x" },
      { to: "/a path with spaces" },
    ]) {
      const ours = await renderAt("/listings/abc", () => createElement(Link, props, "x"));
      const theirs = await renderAt("/listings/abc", () => createElement(RemixLink, props, "x"));
      expect(ours).toBe(theirs);
    }
  });
});

describe("the server's NavLink", () => {
  const className = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");
  const cases: Array<[string, { to: string; end?: boolean; caseSensitive?: boolean }]> = [
    ["/", { to: "/", end: true }],
    ["/listings", { to: "/", end: true }],
    ["/listings", { to: "/listings" }],
    ["/listings/abc", { to: "/listings" }],
    ["/listings/abc", { to: "/listings", end: true }],
    ["/listingsx", { to: "/listings" }],
    ["/Listings/abc", { to: "/listings" }],
    ["/Listings/abc", { to: "/listings", caseSensitive: true }],
    ["/listings/", { to: "/listings/" }],
    ["/agents", { to: "/agents?x=1#y", end: true }],
  ];
  it.each(cases)("at %s, writes what Remix's NavLink writes for %j", async (url, props) => {
    for (const extra of [{ className }, { className: "plain" }, { className: "plain", "aria-current": "location" as const }, {}]) {
      const all = { ...props, ...extra, prefetch: "intent" as const };
      const ours = await renderAt(url, () => createElement(NavLink, all, "Home"));
      const theirs = await renderAt(url, () => createElement(RemixNavLink, all, "Home"));
      expect(ours).toBe(theirs);
    }
  });

  it("passes the active state to a children or style function as Remix does", async () => {
    const props = { to: "/listings", style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }) };
    const children = ({ isActive }: { isActive: boolean }) => (isActive ? "here" : "there");
    const ours = await renderAt("/listings/x", () => createElement(NavLink, { ...props, children }));
    const theirs = await renderAt("/listings/x", () => createElement(RemixNavLink, { ...props, children }));
    expect(ours).toBe(theirs);
    expect(ours).toContain("here");
  });
});

describe("the server's Form", () => {
  it.each([
    { action: "/resources/preferences", method: "post" as const, className: "f", "aria-label": "Change language" },
    { action: "/listings", method: "get" as const, role: "search" },
    { action: "/listings", method: "GET" as const },
    { action: "/listings", encType: "multipart/form-data" as const, method: "post" as const },
    { action: "/x", reloadDocument: true, method: "post" as const },
    { action: "/listings?" },
    // Left to Remix: no action (the route's own address, with ?index), or a relative one.
    { method: "post" as const },
    { action: "edit", method: "post" as const },
  ])("writes what Remix's Form writes for %j", async (props) => {
    const children: ReactNode = createElement("button", { type: "submit" }, "Send");
    const ours = await renderAt("/listings?n=Molyko", () => createElement(Form, props, children));
    const theirs = await renderAt("/listings?n=Molyko", () => createElement(RemixForm, props, children));
    expect(ours).toBe(theirs);
  });
});
