import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Toast } from "./toast";
import { i18next } from "~/i18next.server";

/** Redirects after a successful mutation and shows the toast on the next page. */
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

// Only printable ASCII: a browser drops tabs and newlines from a URL ("/\t/evil.example" is
// "//evil.example", another site), a newline in a Location header throws, and so does a character
// above U+00FF (a header is bytes): both were a 500. Our own paths come from request URLs, which
// are percent-encoded ASCII already.
const NOT_PRINTABLE_ASCII = /[^\u0021-\u007e]/;

/** Only same-site paths: never send a user to another site after login or a preference change. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || NOT_PRINTABLE_ASCII.test(to)) return fallback;
  return to;
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
