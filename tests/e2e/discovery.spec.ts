// Discovery in the browser, with JavaScript on and off (both projects run every test): filtering
// and paging listings, a listing at both addresses, the wishlist on the profile, a message to the
// agent, a blog post in French, the contact form.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";

const STUDENT = { email: "student@kamernest.test", password: "kamernest-demo" };

/** A different listing per project, so the two projects never step on each other's data. */
const slotFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "no-js" ? 1 : 0);

async function logIn(page: Page, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(STUDENT.email);
  await page.getByLabel("Password", { exact: true }).fill(STUDENT.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo.split("?")[0]);
}

/** Ids of the listings on a /listings page, in order. */
async function listingIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByTestId("property-card")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => /\/listings\/([^?]+)/.exec(href)?.[1] ?? "").filter(Boolean);
}

test.describe("discovery", () => {
  test("filters listings by neighbourhood and price, and the URL holds the filters", async ({ page }) => {
    await page.goto("/listings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rooms and apartments in Buea");
    await page.getByText("More filters").click();
    await page.getByRole("checkbox", { name: "Molyko" }).check();
    await page.getByLabel("Maximum").fill("40000");
    await page.getByRole("button", { name: "Show results" }).click();
    await expect(page).toHaveURL(/\/listings\?n=Molyko&max=40000$/);
    await expect(page.getByTestId("result-count")).toHaveText(/\d+ listings? found/);
    const cards = page.getByTestId("property-card");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) {
      expect(text).toContain("Molyko ·");
      const rent = Number(/(\d{1,3}(?:[ \u00a0]\d{3})*)[ \u00a0]FCFA \/ month/.exec(text)?.[1].replace(/\s/g, ""));
      expect(rent).toBeLessThanOrEqual(40_000);
    }
    // The form shows the search it came from, its "More filters" folded with their count (decision 0235).
    await page.getByText("More filters (2 active)").click();
    await expect(page.getByRole("checkbox", { name: "Molyko" })).toBeChecked();
    await expect(page.getByLabel("Maximum")).toHaveValue("40000");
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(page.getByRole("checkbox", { name: "Molyko", includeHidden: true })).not.toBeChecked();
  });

  test("pages through results, keeping the filters", async ({ page }) => {
    await page.goto("/listings?sort=price_asc");
    const first = await listingIds(page);
    expect(first).toHaveLength(20);
    const pages = page.getByRole("navigation", { name: "Pages of results" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/listings\?sort=price_asc&page=2$/);
    await expect(pages.locator('[aria-current="page"]')).toHaveText(/2/);
    const second = await listingIds(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/listings\?sort=price_asc$/);
  });

  test("opens a listing at /listings/{id} and /property/{id}, and goes back to the search", async ({ page }) => {
    await page.goto("/listings?n=Molyko");
    // A listing with photos: other specs add photo-less listings to the same search while this runs.
    const card = page
      .getByTestId("property-card")
      .filter({ has: page.locator("picture img") })
      .first();
    const title = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const id = /\/listings\/([^?]+)/.exec(page.url())?.[1] ?? "";
    await expect(page.getByText(/FCFA \/ month/).first()).toBeVisible();
    await expect(page.getByText(/Availability last confirmed on|has not confirmed availability/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a visit" })).toHaveAttribute("href", `/book-visit/${id}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/listings/${id}$`));
    // The first photo is loaded at once with a high priority, the others lazily.
    const images = page.locator("main picture img");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    if ((await images.count()) > 1) await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
    await page.getByRole("link", { name: "Back to listings" }).click();
    await expect(page).toHaveURL(/\/listings\?n=Molyko$/);

    await page.goto(`/property/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/listings/${id}$`));
    const missing = await page.goto("/listings/does-not-exist");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("saves a listing to the wishlist and finds it on the profile", async ({ page }, testInfo) => {
    await page.goto("/listings?sort=price_desc");
    const id = (await listingIds(page))[slotFor(testInfo, 2)];
    await logIn(page, `/listings/${id}`);
    await expect(page.getByRole("button", { name: /(Save to|Remove from) wishlist/ })).toBeVisible();
    const title = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    // Left over from an earlier run? Start from a clean state.
    if (await page.getByRole("button", { name: "Remove from wishlist" }).isVisible()) {
      await page.getByRole("button", { name: "Remove from wishlist" }).click();
      await expect(page.getByRole("button", { name: "Save to wishlist" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Save to wishlist" }).click();
    await expect(page.getByTestId("toast")).toContainText("Saved to your wishlist.");
    await expect(page.getByRole("button", { name: "Remove from wishlist" })).toBeVisible();

    await page.goto("/profile");
    const wishlist = page.getByTestId("wishlist");
    await expect(wishlist.getByRole("link", { name: title })).toBeVisible();
    await wishlist.getByRole("button", { name: `Remove from wishlist: ${title}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Success");
    await expect(page.getByTestId("wishlist").getByRole("link", { name: title })).toHaveCount(0);
    // It was opened, so it is in the recently viewed list.
    await expect(page.locator("#view-history").getByRole("link", { name: title })).toBeVisible();
  });

  test("sends a message to the agent", async ({ page }, testInfo) => {
    await page.goto("/listings?sort=nearest");
    const id = (await listingIds(page))[slotFor(testInfo, 4)];
    await page.goto(`/listings/${id}`);
    await page.getByRole("link", { name: "Log in to contact the agent" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(STUDENT.email);
    await page.getByLabel("Password", { exact: true }).fill(STUDENT.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${id}$`));
    await page.getByLabel("Your message").fill(`Is it still free? (${testInfo.project.name}, ${Date.now()})`);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your message was sent to the agent.");
  });

  test("reads a blog post in French", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("button", { name: "Français" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Le blog KamerNest");
    const post = page.getByRole("article").first().getByRole("heading").getByRole("link");
    const title = (await post.innerText()).trim();
    await post.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(/min de lecture/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour au blog" })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/blog\/[a-z0-9-]+$/);
  });

  test("sends the contact form and shows Success", async ({ page }, testInfo) => {
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Playwright Tester");
    await page.getByLabel("Your e-mail address").fill(`contact-${testInfo.project.name}-${Date.now()}@kamernest.test`);
    await page.getByLabel("Subject").fill("A question about visits");
    await page.getByLabel("Message", { exact: true }).fill("How many visits can I book with one subscription?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId("toast")).toContainText("Success");
    await expect(page.getByTestId("toast")).toContainText("Your message was sent");
  });
});
