// Remix's <Link>, <NavLink> and <Form>, written by the server as the plain elements they render.
//
// On the server these components only ever produce an <a href> or a <form action method>, but
// Remix's versions get there through a score of router hooks each (resolving the path against
// the route tree, prefetch state, click handlers the server never runs): on /listings, with about
// fifty links, that was a third of the page's render (issue 12, decision 0154). For a path that
// starts with "/" the server here writes the same element directly; the browser always runs
// Remix's components, so client-side navigation, prefetching and pending states are unchanged,
// and a hydrated page finds the same elements it would have found.
//
// Anything else (a relative path, a `to` object, prefetch="render" or "viewport", which draw
// more than the element, a form without an absolute action) goes through Remix's own component,
// on the server too. tests/unit/links.test.tsx renders both and compares them.
import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from "@remix-run/react";

/**
 * A site path the server can write as it is: absolute ("/…", not "//host"), and only characters
 * that Remix's router leaves untouched, so that its href and its active state match Remix's.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/;

function isPlainPath(to: unknown): to is string {
  return typeof to === "string" && PLAIN_PATH.test(to);
}

/** The href React Router writes for an absolute path: a lone "?" or "#" at the end is dropped. */
function hrefOf(to: string): string {
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt === -1 ? to : to.slice(0, hashAt);
  const hash = hashAt === -1 || hashAt === to.length - 1 ? "" : to.slice(hashAt);
  const searchAt = beforeHash.indexOf("?");
  const pathname = searchAt === -1 ? beforeHash : beforeHash.slice(0, searchAt);
  const search = searchAt === -1 || searchAt === beforeHash.length - 1 ? "" : beforeHash.slice(searchAt);
  return pathname + search + hash;
}

/** Remix marks a link to one of the site's own routes for lazy route discovery. */
const discoverAttr = (discover: string | undefined, reloadDocument: boolean | undefined) =>
  (discover ?? "render") === "render" && !reloadDocument ? "true" : undefined;

/** The props Remix's and React Router's components take for themselves: never the element's. */
const ROUTER_PROPS = new Set([
  "to",
  "prefetch",
  "discover",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "relative",
  "viewTransition",
  "end",
  "caseSensitive",
  "fetcherKey",
  "navigate",
  "onSubmit",
  "action",
  "method",
]);

/** The element's own props, copied in one loop (a rest pattern over nine names cost more). */
function elementProps(props: object): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const name in props) if (!ROUTER_PROPS.has(name)) own[name] = (props as Record<string, unknown>)[name];
  return own;
}

function ServerLink(props: LinkProps) {
  if (!isPlainPath(props.to) || props.prefetch === "render" || props.prefetch === "viewport") return <RemixLink {...props} />;
  const anchor = elementProps(props);
  anchor["data-discover"] = discoverAttr(props.discover, props.reloadDocument);
  anchor.href = hrefOf(props.to);
  return <a {...anchor} />;
}

function ServerNavLink(props: NavLinkProps) {
  const location = useLocation();
  if (!isPlainPath(props.to) || props.prefetch === "render" || props.prefetch === "viewport") return <RemixNavLink {...props} />;
  const { to, end = false, caseSensitive = false, className, style, children } = props;
  const anchor = elementProps(props);
  delete anchor.className;
  delete anchor.style;
  delete anchor.children;
  delete anchor["aria-current"];
  const href = hrefOf(to);
  // React Router's rule: the same path, or (without `end`) a path below it.
  const search = href.search(/[?#]/);
  let toPathname = search === -1 ? href : href.slice(0, search);
  let here = location.pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    here = here.toLowerCase();
  }
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === "function" ? className(state) : [className ?? "", isActive ? "active" : null].filter(Boolean).join(" ");
  return (
    <a
      {...anchor}
      data-discover={discoverAttr(props.discover, props.reloadDocument)}
      aria-current={isActive ? (props["aria-current"] ?? "page") : undefined}
      className={classes}
      style={typeof style === "function" ? style(state) : style}
      href={href}
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
}

function ServerForm(props: FormProps) {
  if (!isPlainPath(props.action)) return <RemixForm {...props} />;
  const form = elementProps(props);
  return (
    <form
      method={(props.method ?? "get").toLowerCase() === "get" ? "get" : "post"}
      action={hrefOf(props.action)}
      {...form}
      data-discover={discoverAttr(props.discover, props.reloadDocument)}
    />
  );
}

// The browser's bundle gets Remix's components themselves (the condition is written at build
// time, and the server's versions are left out of it). A ref given on the server is unused.
export const Link = (import.meta.env.SSR ? ServerLink : RemixLink) as typeof RemixLink;
export const NavLink = (import.meta.env.SSR ? ServerNavLink : RemixNavLink) as typeof RemixNavLink;
export const Form = (import.meta.env.SSR ? ServerForm : RemixForm) as typeof RemixForm;
