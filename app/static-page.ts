// The signal from the page render (app/entry.server.tsx) to the HTTP layer (server/http-app.ts)
// that a page carries no script needing the CSP nonce. A module of its own: the Express server
// cannot import entry.server (it is part of the Vite build).
export const STATIC_PAGE_HEADER = "X-Kn-Static-Page";

/**
 * A rendered page's bytes are also kept on its Response under this key, so the HTTP layer sends
 * them as they are instead of reading them back through the Response's web stream (a reader and a
 * promise per chunk, on every page). Symbol.for: the server bundle and the Express server each hold
 * their own copy of this module. A Response rebuilt on the way (Remix's answer to a HEAD request)
 * carries none and is read as a stream, as any other answer is.
 */
const PAGE_BYTES = Symbol.for("kamernest.page-bytes");

/** The Response of a page rendered whole: its body is `bytes`, also kept for `renderedPageBytes`. */
export function renderedPageResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  Object.defineProperty(response, PAGE_BYTES, { value: bytes });
  return response;
}

/** The bytes `renderedPageResponse` kept on this Response, if it made it. */
export function renderedPageBytes(response: Response): Buffer | undefined {
  return (response as unknown as Partial<Record<symbol, Buffer>>)[PAGE_BYTES];
}
