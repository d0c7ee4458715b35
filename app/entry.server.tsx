import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { i18next, resources } from "./i18next.server";
import { createTranslationStore, LanguageProvider, TranslationProvider, type Catalog } from "./utils/translation";
import { recordingStore } from "./utils/translation.server";
import { NonceContext, RequestIdContext, SupportContext } from "./components/nonce";
import { renderedPageResponse, STATIC_PAGE_HEADER } from "./static-page";
import { FragmentProvider } from "./components/fragments";
import { fragmentStore } from "./utils/fragments.server";
import { HydrationDataContext } from "./components/hydration-data";
import localeChunks from "virtual:locale-chunks";
import { OFFLINE_SCOPE_HEADER, offlineScope } from "./utils/offline-scope.server";

/**
 * A page whose routes all say `handle.hydrate = false` loads no framework script and no inline
 * one: only enhance.js (/assets/enhance-<hash>.js), a file of our own. It is rendered without a nonce, so it is the same
 * bytes for every visitor and the page cache can keep it compressed (docs/decisions/0132).
 */
function isStaticPage(context: EntryContext): boolean {
  const matches = context.staticHandlerContext.matches;
  return (
    matches.length > 0 &&
    matches.some((m) => (context.routeModules[m.route.id]?.handle as { hydrate?: boolean } | undefined)?.hydrate === false)
  );
}

// Every namespace of every language, held once: the server never loads any.
const serverTranslations = createTranslationStore(resources as Record<string, Catalog>);
// A static page's repeated pieces (the listing cards), written once for every visitor (decision 0167).
const fragments = fragmentStore(serverTranslations);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await i18next.getLocale(request);

  const staticPage = isStaticPage(remixContext);
  const nonce = staticPage ? "" : (loadContext.cspNonce ?? "");
  if (staticPage) responseHeaders.set(STATIC_PAGE_HEADER, "1");
  const support = loadContext.services?.publicConfig.support ?? { email: "", phone: "" };
  const requestId = loadContext.requestId;
  // A hydrated page's data, encoded whole before the render (a static page never reads it).
  const hydrationData = staticPage ? null : await readHydrationData(remixContext);

  const page = (
    <NonceContext.Provider value={nonce}>
      <SupportContext.Provider value={{ email: support.email, phone: support.phone }}>
        <RequestIdContext.Provider value={() => requestId}>
          {/* Records the messages the page uses: the browser gets those (decision 0153). */}
          <TranslationProvider value={recordingStore(serverTranslations, localeChunks)}>
            <LanguageProvider value={lng}>
              <FragmentProvider value={staticPage ? fragments.writer(lng) : null}>
                <HydrationDataContext.Provider value={hydrationData}>
                  {/* Without the stream, Remix writes nothing after the document (see readHydrationData). */}
                  <RemixServer context={{ ...remixContext, serverHandoffStream: undefined }} url={request.url} nonce={nonce || undefined} />
                </HydrationDataContext.Provider>
              </FragmentProvider>
            </LanguageProvider>
          </TranslationProvider>
        </RequestIdContext.Provider>
      </SupportContext.Provider>
    </NonceContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The language this page was rendered in (the visitors' page cache keys by it).
  responseHeaders.set("Content-Language", lng);
  // Who the page was rendered for, so the service worker never shows it to someone else (0240).
  const scope = await offlineScope(loadContext, request);
  if (scope) responseHeaders.set(OFFLINE_SCOPE_HEADER, scope);

  // Every page is rendered to one string (decision 0158): none of ours defers data, so nothing is
  // left to stream once the loaders have run, and React's stream writer cost a third more CPU (it
  // copies every piece of the page into a byte buffer of its own) plus the stream plumbing behind
  // it. An error thrown here reaches Remix as a failed shell did, and Remix renders the error
  // boundary. The body is given as bytes: as a string, the Response would first scan it for lone
  // surrogates; the HTTP layer sends those bytes without reading them back (renderedPageResponse).
  return renderedPageResponse(Buffer.from(`<!DOCTYPE html>${renderToString(page)}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/**
 * Remix hands a hydrated page its loaders' data as a stream (turbo-stream), which `<RemixServer>`
 * writes chunk by chunk after the whole document, suspending on each read: only React's stream
 * renderer can wait for it, and the scripts land after `</html>`, where the page is no longer
 * valid HTML (issue 31). Read here to its end first (it has no promise left to wait for: our
 * loaders defer nothing; Remix's own time limit still ends one that never settles), it is written
 * by the root's `<HydrationData>` inside `<body>`, right after `<Scripts>`, in one script; the
 * render is given no stream, so it never suspends and writes nothing after `</html>`.
 */
async function readHydrationData(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true });
  return text + decoder.decode();
}

/**
 * Server-side errors are logged once, without leaking them to the page; the line carries the
 * request's id, which the error screen shows as the reference. Remix's own 4xx (a POST to a page
 * without an action: 405) is the client's doing: logged at info, never as an error (issue 30).
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  const log = context.services?.log;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    if (log) log.info({ status: error.status, reqId: context.requestId, path }, "request refused");
    return;
  }
  if (log) log.error({ err: error, reqId: context.requestId, path }, "request failed");
  // A build run without our server (a test's own context): the console is all there is.
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
}
