// Static pages (docs/decisions/0132): a page that works as HTML is rendered without a CSP nonce,
// so it is the same bytes for every visitor, is served from memory already compressed, and may be
// held by a shared cache for a few seconds; a page that hydrates keeps its nonce. The fixtures
// fail any test on a CSP violation, so enhance.js running under the static policy is checked by
// every spec that opens a public page.
import { expect, test } from "./fixtures";

/** The one script of a static page: enhance.js, built into /assets/ with its content's hash. */
const ENHANCE_SCRIPT = /<script[^>]*src="\/assets\/enhance-[\w-]+\.js"/;

test("a public listings page is the same bytes for every visitor, with a policy without a nonce", async ({ request }) => {
  const first = await request.get("/listings?sort=price_asc", { headers: { "Accept-Encoding": "identity" } });
  const second = await request.get("/listings?sort=price_asc", { headers: { "Accept-Encoding": "identity" } });
  expect(first.status()).toBe(200);
  const policy = first.headers()["content-security-policy"];
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/nonce-|strict-dynamic/);
  const html = await first.text();
  expect(html).not.toContain("nonce=");
  expect(html).toMatch(ENHANCE_SCRIPT);
  // No framework and no inline script: the only script elements are the file and JSON data.
  expect(html.match(/<script(?![^>]*(src="\/assets\/enhance-[\w-]+\.js"|type="application\/ld\+json"))[^>]*>/g) ?? []).toEqual([]);
  expect(await second.text()).toBe(html);
  expect(second.headers()["etag"]).toBe(first.headers()["etag"]);
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=5");
  expect(first.headers()["vary"]).toMatch(/Cookie/);
});

test("a page that hydrates keeps a fresh nonce and is never shared", async ({ request }) => {
  const first = await request.get("/auth/login");
  const second = await request.get("/auth/login");
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
  const a = nonceOf(first.headers()["content-security-policy"]);
  const b = nonceOf(second.headers()["content-security-policy"]);
  expect(a).toBeTruthy();
  expect(b).not.toBe(a);
  expect(await second.text()).toContain(`nonce="${b}"`);
  expect(first.headers()["cache-control"]).toBe("no-cache");
});

test("with Save-Data a public page carries no JavaScript at all", async ({ request }) => {
  const response = await request.get("/listings", { headers: { "Save-Data": "on" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? []).toEqual([]);
  // A page that needs React still gets it.
  const login = await (await request.get("/auth/login", { headers: { "Save-Data": "on" } })).text();
  expect(login).toMatch(ENHANCE_SCRIPT);
});

test("the enhancement script is a build asset named by its content, cached for a year", async ({ request }) => {
  const html = await (await request.get("/auth/login")).text();
  const src = /<script[^>]*src="(\/assets\/enhance-[\w-]+\.js)"/.exec(html)?.[1];
  expect(src).toBeTruthy();
  const script = await request.get(src!);
  expect(script.status()).toBe(200);
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await script.text()).toContain("data-chat-src");
  // The old unhashed address is gone: nothing may hold it for an hour after a release.
  expect((await request.get("/enhance.js")).status()).toBe(404);
});

test("the static listings page works in the browser under its policy", async ({ page }) => {
  await page.goto("/listings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
