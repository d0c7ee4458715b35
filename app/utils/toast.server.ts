import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Toast } from "./toast";
import { i18next } from "~/i18next.server";

/**
 * Redirects after a successful mutation and shows the toast on the next page. A toast says nothing
 * to the visitors' page cache: the use cases that change public pages tell it themselves
 * (domain/shared/public-pages.port.ts).
 */
export async function redirectWithToast(
  context: AppLoadContext,
  request: Request,
  to: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const { sessionStorage } = context.services;
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  return redirect(to, { ...init, headers });
}

/** Reads (and clears) the pending toast. The returned header must be sent with the response. */
export async function takeToast(context: AppLoadContext, request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const { sessionStorage } = context.services;
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("kn_session=")) return { toast: null, setCookie: null };
  const session = await sessionStorage.getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  if (!toast) return { toast: null, setCookie: null };
  return { toast, setCookie: await sessionStorage.commitSession(session) };
}

// Any origin of ours works as the base: only the path, query and fragment of the result are kept.
const REDIRECT_BASE = "http://kamernest.invalid";

/**
 * Only same-site paths: never send a user to another site after login or a preference change.
 * The target is parsed the way a browser parses a Location header (`new URL(target, base)`), which
 * drops tabs and newlines and reads `\` as `/`, so `/\t/evil.example` or `/\\evil.example` are
 * seen as the other site they lead to. What comes back is the parsed path, never the raw input,
 * and a path that itself starts with `//` (e.g. from `/.//evil.example`) is refused.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/**
 * Translates a toast for the request's language. Done on the server so the page never depends on
 * the toast's namespace being loaded in the browser (a missing namespace would show the key).
 */
export async function translateToast(request: Request, toast: Toast): Promise<Toast> {
  if (toast.translated) return toast;
  const namespaces = new Set(["common"]);
  for (const key of [toast.title, toast.description]) {
    const ns = key?.includes(":") ? key.slice(0, key.indexOf(":")) : null;
    if (ns) namespaces.add(ns);
  }
  const t = await i18next.getFixedT(request, [...namespaces] as [string, ...string[]]);
  return {
    kind: toast.kind,
    title: t(toast.title, toast.params ?? {}),
    ...(toast.description ? { description: t(toast.description, toast.params ?? {}) } : {}),
    translated: true,
  };
}
