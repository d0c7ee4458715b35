// The guest-house pages in the browser, with JavaScript on and off (both projects run every
// test): the list, a neighbourhood filter from the demo seed, a guest house, the 404, and axe.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";

const LODGE = "Molyko Comfort Lodge";

test.describe("guest houses", () => {
  test("lists guest houses, filters by neighbourhood and opens one", async ({ page }) => {
    await page.goto("/guest-houses");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guest houses in Buea");
    const cards = page.getByTestId("guest-house-card");
    expect(await cards.count()).toBeGreaterThan(1);
    // Photos like the listing cards: intrinsic size and WebP variants.
    const photo = cards.first().locator("img");
    await expect(photo).toHaveAttribute("width", /^\d+$/);
    await expect(photo).toHaveAttribute("height", /^\d+$/);
    await expect(cards.first().locator("source")).toHaveAttribute("srcset", /-320\.webp 320w, .*-640\.webp 640w/);
    await expect(cards.first()).toContainText(/FCFA \/ night/);

    await page.getByLabel("Neighbourhood").selectOption("Molyko");
    await page.getByLabel("Sort by").selectOption("price_asc");
    await page.getByRole("button", { name: "Show guest houses" }).click();
    await expect(page).toHaveURL(/\/guest-houses\?n=Molyko&sort=price_asc$/);
    await expect(page.getByTestId("result-count")).toHaveText(/\d+ guest houses? found/);
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain("Molyko ·");
    await expect(page.getByLabel("Neighbourhood")).toHaveValue("Molyko");

    await page.getByRole("link", { name: LODGE }).click();
    await expect(page).toHaveURL(/\/guest-house\/[^/?]+\?back=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LODGE);
    await expect(page.getByTestId("nightly-rate")).toHaveText("12 000 FCFA / night");
    await expect(page.getByText("Verified host").first()).toBeVisible();
    await expect(page.getByText(/from the UB main gate/).first()).toBeVisible();
    // Contact goes through the booking form (login and access fee): no free WhatsApp link.
    await expect(page.locator('#main a[href*="wa.me"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Book this guest house" })).toHaveAttribute("href", /^\/guest-house-booking\//);

    await page.getByRole("link", { name: "Back to the guest houses" }).click();
    await expect(page).toHaveURL(/\/guest-houses\?n=Molyko&sort=price_asc$/);
  });

  test("shows a guest house in French", async ({ page }) => {
    await page.goto("/guest-houses?lng=fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maisons d'hôtes à Buea");
    // ?lng= chooses the language of one page only (decision 0105).
    const href = await page.getByRole("link", { name: LODGE }).getAttribute("href");
    await page.goto(`${href}?lng=fr`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LODGE);
    await expect(page.getByTestId("nightly-rate")).toHaveText("12 000 FCFA / nuit");
    await expect(page.getByRole("link", { name: "Réserver cette maison d'hôtes" })).toBeVisible();
  });

  test("answers 404 for an unknown guest house", async ({ page }) => {
    const response = await page.goto("/guest-house/no-such-guest-house");
    expect(response?.status()).toBe(404);
  });
});

/** An id of the demo seed's guest houses, read from the list. */
async function firstGuestHousePath(page: Page): Promise<string> {
  await page.goto("/guest-houses");
  const href = await page.getByTestId("guest-house-card").first().getByRole("link").getAttribute("href");
  if (!href) throw new Error("No guest house on /guest-houses");
  return href.split("?")[0];
}

/**
 * axe runs inside the page, so it needs JavaScript. For the no-JavaScript project the page is
 * opened in a context where every script of the site is refused: the DOM a browser without
 * JavaScript shows.
 */
async function pageToAudit(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  if (testInfo.project.name !== "no-js") return page;
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, bypassCSP: true, javaScriptEnabled: true });
  await context.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
  return context.newPage();
}

test.describe("guest houses accessibility", () => {
  // axe-core sets inline styles while it measures, which the CSP refuses (see discovery-a11y.spec.ts).
  test.use({ bypassCSP: true });

  for (const language of ["en", "fr"] as const) {
    test(`the list and a guest house have no serious or critical violation (${language})`, async ({
      page: testPage,
      browser,
    }, testInfo) => {
      const page = await pageToAudit(testPage, browser, testInfo);
      const detail = await firstGuestHousePath(page);
      for (const path of ["/guest-houses", "/guest-houses?n=Molyko", detail]) {
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
          );
        expect(serious, `axe on ${path} in ${language}`).toEqual([]);
      }
    });
  }
});
