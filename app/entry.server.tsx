import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { i18next, resources } from "./i18next.server";
import { createTranslationStore, LanguageProvider, TranslationProvider, type Catalog } from "./utils/translation";
import { recordingStore } from "./utils/translation.server";
import { NonceContext, RequestIdContext, SupportContext } from "./components/nonce";
import { STATIC_PAGE_HEADER } from "./static-page";

const ABORT_DELAY = 5_000;


/**
 * A page whose routes all say `handle.hydrate = false` loads no framework script and no inline
 * one: only /enhance.js, a file of our own. It is rendered without a nonce, so it is the same
 * bytes for every visitor and the page cache can keep it compressed (docs/decisions/0132).
 */
function isStaticPage(context: EntryContext): boolean {
  const matches = context.staticHandlerContext.matches;
  return matches.length > 0 && matches.some((m) => (context.routeModules[m.route.id]?.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

// Every namespace of every language, held once: the server never loads any.
const serverTranslations = createTranslationStore(resources as Record<string, Catalog>);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await i18next.getLocale(request);

  const staticPage = isStaticPage(remixContext);
  const nonce = staticPage ? "" : loadContext.cspNonce ?? "";
  if (staticPage) responseHeaders.set(STATIC_PAGE_HEADER, "1");
  const support = loadContext.services?.publicConfig.support ?? { email: "", phone: "" };
  const requestId = loadContext.requestId;
  const log = loadContext.services?.log;
  // Bots and no-JavaScript clients get the whole document at once; browsers get it streamed. A
  // static page is always whole: a streamed Suspense boundary would need an inline script.
  const waitForAll = staticPage || isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  const page = (
    <NonceContext.Provider value={nonce}>
      <SupportContext.Provider value={{ email: support.email, phone: support.phone }}>
        <RequestIdContext.Provider value={() => requestId}>
          {/* Records the messages the page uses: the browser gets those (decision 0153). */}
          <TranslationProvider value={recordingStore(serverTranslations)}>
            <LanguageProvider value={lng}>
              <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce || undefined} />
            </LanguageProvider>
          </TranslationProvider>
        </RequestIdContext.Provider>
      </SupportContext.Provider>
    </NonceContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The language this page was rendered in (the visitors' page cache keys by it).
  responseHeaders.set("Content-Language", lng);

  // A static page has nothing to stream (no <Scripts>, whose hydration data is the only thing of
  // ours that suspends): it is rendered to one string, a third of the CPU of React's stream writer,
  // which copies every piece of the page into a buffer of its own (decision 0154). An error
  // thrown here reaches Remix as a rejected shell would, and it renders the error boundary.
  // The body is given as bytes: as a string, the Response would first scan it for lone surrogates.
  if (staticPage) {
    return new Response(Buffer.from(`<!DOCTYPE html>${renderToString(page)}`), { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // A render still going after ABORT_DELAY is cut short. The timer goes as soon as the page is
    // written: left to fire, each request's kept its whole render alive for six seconds (a few
    // hundred megabytes under load) and then made React end a stream long finished.
    const timer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: nonce || undefined,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        body.once("close", () => clearTimeout(timer));
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell was sent are logged here; before it, Remix logs them itself.
        // The stream's callbacks may run outside the request's logging scope: the id is given.
        if (shellRendered) log?.error({ err: error, reqId: requestId }, "page failed while streaming");
      },
    });
  });
}

/**
 * Server-side errors are logged once, without leaking them to the page; the line carries the
 * request's id, which the error screen shows as the reference.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  const log = context.services?.log;
  if (log) log.error({ err: error, reqId: context.requestId, path: new URL(request.url).pathname }, "request failed");
  // A build run without our server (a test's own context): the console is all there is.
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
}
