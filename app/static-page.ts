// The signal from the page render (app/entry.server.tsx) to the HTTP layer (server/http-app.ts)
// that a page carries no script needing the CSP nonce. A module of its own: the Express server
// cannot import entry.server (it is part of the Vite build).
export const STATIC_PAGE_HEADER = "X-Kn-Static-Page";

/**
 * A rendered page's bytes are also kept on its Response under this key, so the HTTP layer sends
 * them as they are instead of reading them back through the Response's web stream (a reader and a
 * promise per chunk, on every page). In production the Remix build and the Express server share
 * this module (one bundle, decision 0192); in development Vite loads its own copy, whose pages are
 * read as streams. A Response rebuilt on the way (Remix's answer to a HEAD request) carries none
 * and is read as a stream, as any other answer is.
 */
const PAGE_BYTES = Symbol("kamernest.page-bytes");

/**
 * The Response of a page rendered whole: its body is `bytes`, also kept for `renderedPageBytes`.
 * The body is a stream that hands over `bytes` only if someone reads it (a test, a Response rebuilt
 * on the way): given the bytes themselves, undici copied the 50 KB page into a stream of its own
 * on every page (0.07 ms, five times this).
 */
export function renderedPageResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, init);
  Object.defineProperty(response, PAGE_BYTES, { value: bytes });
  return response;
}

/** The bytes `renderedPageResponse` kept on this Response, if it made it. */
export function renderedPageBytes(response: Response): Buffer | undefined {
  return (response as unknown as Partial<Record<symbol, Buffer>>)[PAGE_BYTES];
}
