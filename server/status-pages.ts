// Pages the server answers itself: 400 and 405 (a request no browser of ours sends:
// server/odd-requests.ts), 413 (a body too large to read), 408 (a body too slow to
// arrive: server/body-limit.ts), 503 (the database cannot be
// reached, or the instance is too busy to take the request in time: server/admission.ts) and 500
// (an error outside Remix). Each shows the request's id as the reference a user
// quotes to support (decision 0137). They cannot use React or the database, so they are plain HTML
// built from the same locale files (common.json, key serverPages) in the reader's language.
import type { Request, Response } from "express";
import enCommon from "../public/locales/en/common.json";
import frCommon from "../public/locales/fr/common.json";

type Language = "en" | "fr";
type PageKey = "badRequest" | "methodNotAllowed" | "tooLarge" | "timeout" | "unavailable" | "busy" | "error";
interface PageText {
  title: string;
  body: string;
  home: string;
  /** "Reference for support: {{id}}" */
  reference: string;
}

// Imported, not read from disk: the compiled server (build/server/server.js, decision 0192) carries them.
const localeFiles: Record<Language, unknown> = { en: enCommon, fr: frCommon };

function readTexts(language: Language): Record<PageKey, PageText> {
  type Page = Pick<PageText, "title" | "body">;
  const common = localeFiles[language] as {
    serverPages: {
      home: string;
      badRequest: Page;
      methodNotAllowed: Page;
      tooLarge: Page;
      timeout: Page;
      unavailable: Page;
      busy: Page;
      error: Page;
    };
    errors: { reference: string };
  };
  const { home, badRequest, methodNotAllowed, tooLarge, timeout, unavailable, busy, error } = common.serverPages;
  const shared = { home, reference: common.errors.reference };
  return {
    badRequest: { ...badRequest, ...shared },
    methodNotAllowed: { ...methodNotAllowed, ...shared },
    tooLarge: { ...tooLarge, ...shared },
    timeout: { ...timeout, ...shared },
    unavailable: { ...unavailable, ...shared },
    busy: { ...busy, ...shared },
    error: { ...error, ...shared },
  };
}

const texts: Record<Language, Record<PageKey, PageText>> = { en: readTexts("en"), fr: readTexts("fr") };

/** Remix's kn_lang cookie holds base64 JSON ("fr" → ImZyIg==). */
function cookieLanguage(cookieHeader: string | undefined): Language | null {
  const raw = /(?:^|;\s*)kn_lang=([^;]*)/.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
    return value === "fr" || value === "en" ? value : null;
  } catch {
    return null;
  }
}

/** ?lng= of a request target; none when the target is not a URL (`GET http://[/`: server/odd-requests.ts). */
function queryLanguage(target: string): string | null {
  try {
    return new URL(target, "http://x").searchParams.get("lng");
  } catch {
    return null;
  }
}

/** The same order as the app (app/i18next.server.ts): ?lng=, the cookie, then Accept-Language. */
export function pageLanguage(req: Pick<Request, "headers" | "url">): Language {
  const lng = queryLanguage(req.url ?? "/");
  if (lng === "fr" || lng === "en") return lng;
  const fromCookie = cookieLanguage(req.headers.cookie);
  if (fromCookie) return fromCookie;
  const accepted = String(req.headers["accept-language"] ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { base: tag.split("-")[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((a) => (a.base === "en" || a.base === "fr") && a.q > 0)
    .sort((a, b) => b.q - a.q);
  return (accepted[0]?.base as Language | undefined) ?? "en";
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function statusPageHtml(key: PageKey, language: Language, requestId?: string): string {
  const t = texts[language][key];
  const reference = requestId ? `<p data-testid="error-reference">${escapeHtml(t.reference.replace("{{id}}", requestId))}</p>` : "";
  return `<!DOCTYPE html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.title)} · KamerNest</title></head>
<body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.body)}</p>${reference}<p><a href="/">${escapeHtml(t.home)}</a></p></main></body></html>
`;
}

const STATUS: Record<PageKey, number> = {
  badRequest: 400,
  methodNotAllowed: 405,
  tooLarge: 413,
  timeout: 408,
  unavailable: 503,
  busy: 503,
  error: 500,
};
/** When to ask again: the database needs its ping to come back; a busy instance, a few seconds. */
const RETRY_AFTER_S: Partial<Record<PageKey, number>> = { unavailable: 30, busy: 5 };

/** Sends the page; `close` also ends the connection once it is sent (the body is never read). */
export function sendStatusPage(req: Request, res: Response, key: PageKey, { close = false } = {}): void {
  res.status(STATUS[key]);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Language", pageLanguage(req));
  const retryAfter = RETRY_AFTER_S[key];
  if (retryAfter !== undefined) res.setHeader("Retry-After", String(retryAfter));
  if (close) res.setHeader("Connection", "close");
  const requestId = typeof res.locals.requestId === "string" ? res.locals.requestId : undefined;
  res.end(req.method === "HEAD" ? undefined : statusPageHtml(key, pageLanguage(req), requestId));
}
