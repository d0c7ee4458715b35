// Reading offline (issue 36, decisions 0239-0242): the site is installable; its service worker,
// registered once the page is idle, keeps the listings a student opened and their /profile for
// them alone, serves them with a dated notice when the network is gone, drops them at logout,
// keeps a copy in its language only, and is never registered under Save-Data; a listing opened by
// a client-side navigation is kept too (decision 0238); the next build's worker replaces this
// build's assets; the account menu offers to install the app where the browser does (0238).
// JavaScript only (@needs-javascript): a service worker is JavaScript; without it every page is
// the server's, which the rest of the suite checks in the no-js project.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, demoAgentListingsNewestFirst, logIn } from "./booking-helpers";

const STUDENT = { email: "subscriber@kamernest.test", name: "Emmanuel Tabi" };

/** Once the worker is active and controls the page (it claims open pages when it activates). */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The paths the worker keeps in Cache Storage, by cache. */
function keptPaths(page: Page) {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("kn-pages-")) continue;
      kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return kept;
  });
}

/** Counts the page's calls to navigator.serviceWorker.register, from before any script runs. */
async function countRegistrations(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { registerCalls: number };
    counted.registerCalls = 0;
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) => {
      counted.registerCalls += 1;
      return register(...args);
    };
  });
}

/** The calls counted, once the page has loaded and the idle callbacks queued until then have run. */
async function registrationsAfterIdle(page: Page) {
  await page.waitForLoadState("load");
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestIdleCallback(() => setTimeout(() => resolve((window as unknown as { registerCalls: number }).registerCalls))),
      ),
  );
}

/**
 * Offline, Chromium reports every request the network refuses, and a hydrated page left open
 * reports Remix's failed look-ups of the routes its links lead to: what going offline means here.
 */
function forgetOfflineFailures(errors: string[]) {
  const offline = /ERR_INTERNET_DISCONNECTED|^Failed to fetch manifest patches TypeError: Failed to fetch/;
  for (let i = errors.length - 1; i >= 0; i -= 1) if (offline.test(errors[i])) errors.splice(i, 1);
}

test(
  "a listing and /profile read offline with the notice; after logout nothing of theirs",
  { tag: "@needs-javascript" },
  async ({ page, context, consoleErrors }) => {
    await logIn(page, STUDENT.email, DEMO_PASSWORD);
    await page.goto("/");
    await workerInControl(page);

    // Chromium's own installability check, what Lighthouse's installable-manifest audit read before
    // Lighthouse 12 dropped it (decision 0239): manifest, icons, worker.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // A test's browser context is incognito, where Chromium installs nothing: the one error left.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(["in-incognito"]);
    // The manifest found and read without a single error or warning.
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ name: "KamerNest", start_url: "/", display: "standalone" });

    const listing = demoAgentListingsNewestFirst()[0];
    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    await page.goto("/profile");
    await expect(page.getByTestId("my-bookings")).toBeVisible();
    // The copies are written once the answers are in (the worker's waitUntil).
    await expect
      .poll(async () => Object.entries(await keptPaths(page)).find(([name]) => !name.startsWith("kn-pages-guest-"))?.[1] ?? [])
      .toEqual(expect.arrayContaining([`/listings/${listing.id}`, "/profile"]));

    await context.setOffline(true);
    await page.goto(`/listings/${listing.id}`);
    await expect(page.locator("[data-offline-notice]")).toHaveText(/^You are offline: this page was saved on \d{1,2} \w+ \d{4}/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    // Styled: the build's stylesheet is among the assets the worker keeps (the notice is amber).
    await expect(page.locator("[data-offline-notice]")).toHaveCSS("background-color", "rgb(252, 211, 77)");

    await page.goto("/profile");
    await expect(page.locator("[data-offline-notice]")).toContainText("You are offline: this page was saved on");
    await expect(page.getByTestId("my-bookings")).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(STUDENT.name);
    // A form says it needs the connection instead of failing.
    const form = page.locator("main form").first();
    await form.evaluate((element) => element.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true })));
    await expect(page.getByRole("alert").filter({ hasText: "this form needs a connection" })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    // A copy is kept in the language it was read in: none in French.
    await page.goto(`/listings/${listing.id}?lng=fr`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vous êtes hors ligne");

    await context.setOffline(false);
    await page.goto("/profile");
    const header = page.getByRole("banner");
    await header.locator("summary", { hasText: STUDENT.name }).first().click();
    await header.getByRole("button", { name: "Logout" }).first().click();
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
    await expect.poll(async () => Object.keys(await keptPaths(page)).filter((name) => !name.startsWith("kn-pages-guest-"))).toEqual([]);

    await context.setOffline(true);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    const html = await page.content();
    expect(html).not.toContain(STUDENT.name);
    expect(html).not.toContain(STUDENT.email);
    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    forgetOfflineFailures(consoleErrors);
  },
);

test.describe("with Save-Data: on", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("no service worker is registered", { tag: "@needs-javascript" }, async ({ page }) => {
    await countRegistrations(page);
    // /auth/login hydrates, so enhance.js runs even under Save-Data: the server gives it no worker.
    await page.goto("/auth/login");
    await expect(page.locator('script[src^="/assets/enhance-"]')).not.toHaveAttribute("data-sw", /.*/);
    expect(await registrationsAfterIdle(page)).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
  });
});

test("the browser's own Save-Data, or 2G, keeps the worker away too", { tag: "@needs-javascript" }, async ({ context }) => {
  for (const connection of [{ saveData: true, effectiveType: "4g" }, { saveData: false, effectiveType: "2g" }, null]) {
    const page = await context.newPage();
    await countRegistrations(page);
    await page.addInitScript((value) => {
      if (value) Object.defineProperty(navigator, "connection", { value, configurable: true });
    }, connection);
    await page.goto("/auth/login");
    await expect(page.locator('script[src^="/assets/enhance-"]')).toHaveAttribute("data-sw", "/sw.js");
    // The same page on a plain connection registers it: what the two before did not.
    expect(await registrationsAfterIdle(page)).toBe(connection ? 0 : 1);
    await page.close();
  }
});

/** The build's assets the worker holds, by cache (kn-assets-<version>), sorted. */
function assetCaches(page: Page) {
  return page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("kn-assets-")) continue;
      held[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort();
    }
    return held;
  });
}

/** The signed-in person's kept paths (their cache, not a visitor's). */
async function ownKeptPaths(page: Page) {
  return Object.entries(await keptPaths(page)).find(([name]) => !name.startsWith("kn-pages-guest-"))?.[1] ?? [];
}

test(
  "a listing opened by a client-side navigation is kept too, and reads offline",
  { tag: "@needs-javascript" },
  async ({ page, context, consoleErrors }) => {
    await logIn(page, STUDENT.email, DEMO_PASSWORD);
    // Opened elsewhere (the request goes to the server's view history, not through this browser's
    // worker): /profile's history links to it.
    const listing = demoAgentListingsNewestFirst()[1];
    expect((await page.request.get(`/listings/${listing.id}`)).status()).toBe(200);
    await page.goto("/");
    await workerInControl(page);
    await page.goto("/profile");
    await expect.poll(() => ownKeptPaths(page)).toContain("/profile");
    expect(await ownKeptPaths(page)).not.toContain(`/listings/${listing.id}`);

    await page.locator(`#view-history a[href="/listings/${listing.id}"]`).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    // React Router's navigation: the document is still the one /profile loaded.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0].name)).toMatch(/\/profile$/);
    await expect.poll(() => ownKeptPaths(page)).toContain(`/listings/${listing.id}`);

    await context.setOffline(true);
    await page.goto(`/listings/${listing.id}`);
    await expect(page.locator("[data-offline-notice]")).toContainText("You are offline: this page was saved on");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    forgetOfflineFailures(consoleErrors);
  },
);

test(
  "the next build's worker replaces this build's assets, keeping those a saved page names",
  { tag: "@needs-javascript" },
  async ({ page, context, consoleErrors }) => {
    // This build's worker keeps a listing, whose copy names this build's stylesheet and enhance.js.
    await page.goto("/");
    await workerInControl(page);
    const listing = demoAgentListingsNewestFirst()[2];
    await page.goto(`/listings/${listing.id}`);
    await expect.poll(async () => Object.values(await keptPaths(page)).flat()).toContain(`/listings/${listing.id}`);
    const [settingsLine, ...code] = (await (await page.request.get("/sw.js")).text()).split("\n");
    const settings = JSON.parse(/^const SETTINGS = (.*);$/.exec(settingsLine)![1]) as {
      version: string;
      core: string[];
      stylesheet: string;
    };
    const enhance = settings.core.find((url) => url.startsWith("/assets/enhance-"))!;
    expect(await assetCaches(page)).toEqual({ [`kn-assets-${settings.version}`]: [...settings.core].sort() });

    // The next build: the same worker under another version, its stylesheet and enhance.js under
    // other names (a build's asset names are digests of their content). Served at /sw.js?build=next:
    // a browser checks for a new /sw.js by itself, outside Playwright's routing, which would only
    // find this build's worker again.
    const next = { version: "0123456789ab", css: "/assets/tailwind-N3xtBu1d.css", js: "/assets/enhance-N3xtBu1d.js" };
    const nextCore = settings.core.map((url) => (url === settings.stylesheet ? next.css : url === enhance ? next.js : url));
    const nextWorker = [
      `const SETTINGS = ${JSON.stringify({ ...settings, version: next.version, core: nextCore, stylesheet: next.css })};`,
      ...code,
    ];
    const css = await (await page.request.get(settings.stylesheet)).body();
    const js = await (await page.request.get(enhance)).body();
    await context.route(
      (url) => url.pathname === "/sw.js" && url.search === "?build=next",
      (route) =>
        route.fulfill({
          contentType: "text/javascript; charset=utf-8",
          headers: { "Cache-Control": "no-cache" },
          body: nextWorker.join("\n"),
        }),
    );
    await context.route(`**${next.css}`, (route) => route.fulfill({ contentType: "text/css; charset=utf-8", body: css }));
    await context.route(`**${next.js}`, (route) => route.fulfill({ contentType: "text/javascript; charset=utf-8", body: js }));
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?build=next").then(() => undefined));

    // Once it is active: its assets, and of this build's only those the saved listing names.
    await expect
      .poll(() => assetCaches(page))
      .toEqual({ [`kn-assets-${next.version}`]: [...nextCore, settings.stylesheet, enhance].sort() });
    await context.unrouteAll({ behavior: "wait" });

    // Offline, the saved listing still reads styled: its stylesheet comes from the next build's cache
    // (the browser's HTTP cache emptied, as a phone short of space does: the worker's copy alone).
    await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
    await context.setOffline(true);
    await page.goto(`/listings/${listing.id}`);
    await expect(page.locator("[data-offline-notice]")).toContainText("You are offline: this page was saved on");
    await expect(page.locator(`link[rel="stylesheet"][href="${settings.stylesheet}"]`)).toHaveCount(1);
    await expect(page.locator("[data-offline-notice]")).toHaveCSS("background-color", "rgb(252, 211, 77)");
    forgetOfflineFailures(consoleErrors);
    // The copy's enhance.js registers /sw.js, not this test's /sw.js?build=next: a new script to
    // fetch, which Chromium reports failing offline (on the site the two are one URL, a no-op).
    const registering = consoleErrors.indexOf("An unknown error occurred when fetching the script.");
    if (registering >= 0) consoleErrors.splice(registering, 1);
  },
);

test.describe("Install the app", () => {
  /** A beforeinstallprompt as Chromium fires it, whose prompt() is counted; answers whether the page held the browser's own banner back. */
  function offerToInstall(page: Page) {
    return page.evaluate(() => {
      const counted = window as unknown as { promptCalls?: number };
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => {
          counted.promptCalls = (counted.promptCalls ?? 0) + 1;
          return Promise.resolve({ outcome: "accepted" });
        },
        userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  }

  test(
    "shows in the account menu where the browser offers it, prompts once, then hides",
    { tag: "@needs-javascript" },
    async ({ page }) => {
      await logIn(page, STUDENT.email, DEMO_PASSWORD);
      // A page React hydrates (enhance.js does the work before and after it), then one it does not.
      for (const path of ["/profile", "/listings"]) {
        await page.goto(path);
        const header = page.getByRole("banner");
        const menu = header.locator("summary", { hasText: STUDENT.name }).first();
        const install = header.getByRole("button", { name: "Install the app" });
        // Not offered (and nothing shows without JavaScript: the server writes it hidden).
        await menu.click();
        await expect(header.getByRole("button", { name: "Logout" }).first()).toBeVisible();
        await expect(install).toHaveCount(0);
        await page.keyboard.press("Escape");

        expect(await offerToInstall(page)).toBe(true);
        // By keyboard: the menu's button, then Tab to it.
        await menu.focus();
        await page.keyboard.press("Enter");
        await expect(install).toBeVisible();
        for (let i = 0; i < 12 && !(await install.evaluate((button) => button === document.activeElement)); i += 1) {
          await page.keyboard.press("Tab");
        }
        await expect(install).toBeFocused();
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
        // Used once (the browser's event cannot prompt twice): gone, the focus back on the menu's button.
        await expect(install).toHaveCount(0);
        await expect(menu).toBeFocused();

        // Offered again, then installed from the browser's own menu: gone.
        expect(await offerToInstall(page)).toBe(true);
        await menu.click();
        await expect(install).toBeVisible();
        await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
        await expect(install).toHaveCount(0);
        await page.keyboard.press("Escape");
      }

      // In the installed app (display-mode: standalone), never.
      await page.evaluate(() => {
        const matchMedia = window.matchMedia.bind(window);
        window.matchMedia = (query: string) =>
          query === "(display-mode: standalone)" ? ({ matches: true } as MediaQueryList) : matchMedia(query);
      });
      expect(await offerToInstall(page)).toBe(false);
      await page.getByRole("banner").locator("summary", { hasText: STUDENT.name }).first().click();
      await expect(page.getByRole("banner").getByRole("button", { name: "Install the app" })).toHaveCount(0);
    },
  );
});
