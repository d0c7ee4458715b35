// The browser's side of the error screens' reference (decision 0137). A page the server sent as
// an error screen carries its request id in the markup; after a client-side navigation the error
// screen is drawn by React from a data request (.data, single fetch) whose X-Request-Id only the
// response headers hold, so the id of the latest one is kept here.

let latestDataRequestId: string | undefined;

/** Remembers the X-Request-Id of each of Remix's data requests (their URLs end in .data). */
export function watchDataRequests(target: Pick<Window, "fetch"> = window): void {
  const original = target.fetch.bind(target);
  target.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    const url = typeof args[0] === "string" ? args[0] : args[0] instanceof URL ? args[0].href : args[0].url;
    if (/\.data(\?|$)/.test(url)) latestDataRequestId = response.headers.get("X-Request-Id") ?? latestDataRequestId;
    return response;
  };
}

/** The reference to show: the latest data request's, else the one in the page the server sent. */
export function browserRequestReference(doc: Pick<Document, "querySelector"> = document): () => string | undefined {
  const fromPage = doc.querySelector<HTMLElement>("[data-request-id]")?.dataset.requestId;
  return () => latestDataRequestId ?? fromPage;
}
