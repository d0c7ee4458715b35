// The signal from the page render (app/entry.server.tsx) to the HTTP layer (server/http-app.ts)
// that a page carries no script needing the CSP nonce. A module of its own: the Express server
// cannot import entry.server (it is part of the Vite build).
export const STATIC_PAGE_HEADER = "X-Kn-Static-Page";
