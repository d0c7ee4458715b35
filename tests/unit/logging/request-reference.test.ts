// The browser's reference on the error screens (app/utils/request-reference.ts): the id in the
// page the server sent, until a Remix data request (after a client-side navigation) brings its own.
import { describe, expect, it } from "vitest";
import { browserRequestReference, watchDataRequests } from "~/utils/request-reference";

const page = (requestId?: string) => ({
  querySelector: () => (requestId ? ({ dataset: { requestId } } as unknown as Element) : null),
});

describe("the browser's request reference", () => {
  it("reads the server's error screen, then follows the data requests' X-Request-Id", async () => {
    const answers: Record<string, string> = {
      "/listings.data": "data-request-1",
      "/enhance.js": "asset-request",
      "/boom.data?_routes=root": "data-request-2",
    };
    const fakeWindow = {
      fetch: async (input: RequestInfo | URL) => new Response("", { headers: { "X-Request-Id": answers[String(input)] } }),
    };
    const reference = browserRequestReference(page("server-id-1"));
    expect(reference()).toBe("server-id-1");
    watchDataRequests(fakeWindow as unknown as Window);
    await fakeWindow.fetch("/enhance.js");
    expect(reference()).toBe("server-id-1");
    await fakeWindow.fetch("/listings.data");
    expect(reference()).toBe("data-request-1");
    await fakeWindow.fetch(new URL("/boom.data?_routes=root", "http://x").pathname + "?_routes=root");
    expect(reference()).toBe("data-request-2");
    expect(browserRequestReference(page())()).toBe("data-request-2");
  });
});
