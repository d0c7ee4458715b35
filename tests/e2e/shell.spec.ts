import { expect, test } from "./fixtures";

test.describe("the page shell", () => {
  test("home renders with navigation, footer and support", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    for (const name of ["Home", "Listings", "Agents", "Blog", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "FAQ" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Terms for Agents" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute("href", /wa\.me\/\d+/);
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up" }).first()).toBeVisible();
  });

  test("an unknown path shows the not-found screen with status 404", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  });

  test("the language switch turns the page French and back", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Français" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(
      page.getByRole("navigation", { name: "Navigation principale" }).first().getByRole("link", { name: "Annonces" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "English" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Listings" })).toBeVisible();
  });

  test("the theme switch changes the theme and keeps it", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/system/);
    await page.getByRole("button", { name: "Dark" }).first().click();
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByRole("button", { name: "Light" }).first().click();
    await expect(page.locator("html")).toHaveClass(/(^|\s)light(\s|$)/);
  });
});

test.describe("navigation", () => {
  test("reaches every public page from the navigation and the footer", async ({ page }) => {
    await page.goto("/");
    const targets = [
      { nav: "Listings", heading: /listings|rent|rooms|apartments/i },
      { nav: "Agents", heading: /agent/i },
      { nav: "Blog", heading: /blog/i },
      { nav: "Contact", heading: /contact/i },
      { nav: "Home", heading: /.+/ },
    ];
    for (const target of targets) {
      await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: target.nav, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    }
    for (const name of ["Privacy Policy", "Terms of Service", "FAQ", "Terms for Agents"]) {
      await page.getByRole("contentinfo").getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.title()).not.toBe("");
    }
  });

  test("every public route answers 200 with one h1", async ({ page }) => {
    for (const path of [
      "/",
      "/listings",
      "/agents",
      "/agents/landing",
      "/blog",
      "/contact",
      "/terms",
      "/privacy",
      "/terms-agents",
      "/faq",
      "/auth/login",
      "/auth/signup",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    }
  });
});
