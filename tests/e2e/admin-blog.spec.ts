// The admin's blog in the browser, JavaScript on and off: the demo admin writes an article with
// French text, previews it (rendered by the server below the form), saves the draft and publishes
// it with a cover; a visitor then reads it on /blog in French (the visitors' page cache, warmed
// before, does not keep the old list); the admin deletes a second draft (a dialog with JavaScript,
// a confirmation page without); each action is in /admin/audit. Articles per project: both
// projects run on one server.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";

const DEMO_PASSWORD = "kamernest-demo";

async function logIn(page: Page, email: string, password: string, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the admin writes, previews and publishes a French blog article, shown on /blog in French, deletes a draft, all audited", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const titleEn = `Moving in checklist ${run}`;
  const titleFr = `Liste pour emménager ${run}`;
  const slug = `moving-in-checklist-${run}`;

  // A visitor's /blog in French, read once before: the page cache now holds it.
  const visitorContext = await browser.newContext({ javaScriptEnabled, baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/blog?lng=fr");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByText(titleFr)).toHaveCount(0);

  await logIn(page, "admin@kamernest.test", DEMO_PASSWORD, "/admin/content");
  await expect(page).toHaveURL((url) => url.pathname === "/admin/content");
  await expect(page.getByRole("heading", { level: 2, name: "Blog articles" })).toBeVisible();
  await expect(page.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/admin/content/faq");
  await expect(page.getByRole("link", { name: "Legal pages" })).toHaveAttribute("href", "/admin/content/legal");
  await page.getByRole("link", { name: "New article" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/content/posts/new");

  const english = page.getByRole("group", { name: "English" });
  const french = page.getByRole("group", { name: "French" });
  await english.getByLabel("Title").fill(titleEn);
  await english.getByLabel("Summary").fill("What to check on the day you move in.");
  await english.getByLabel("Text (Markdown)").fill("## The meter\n\nRead the **prepaid meter** with the agent.");
  await french.getByLabel("Title").fill(titleFr);
  await french.getByLabel("Summary").fill("Ce qu’il faut vérifier le jour de l’emménagement.");
  await french.getByLabel("Text (Markdown)").fill("## Le compteur\n\nRelevez le **compteur prépayé** avec l’agent.");

  // The preview: the server's rendering, both languages, nothing saved; the typed text stays.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("blog-preview");
  await expect(preview.getByRole("heading", { name: "Le compteur" })).toBeVisible();
  await expect(preview.locator("strong").filter({ hasText: "compteur prépayé" })).toBeVisible();
  await expect(preview).toContainText(`/blog/${slug}`);
  await expect(french.getByLabel("Title")).toHaveValue(titleFr);

  // A cover through the photo pipeline (a preview does not keep a chosen file: chosen now).
  const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#2a6" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Cover image").setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: cover });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("toast")).toContainText("Draft saved");
  await expect(page).toHaveURL(/\/admin\/content\/posts\/[^/]+$/);
  await expect(page.getByTestId("blog-post-status")).toContainText("Draft");
  const coverImage = page.getByRole("img", { name: titleEn });
  await expect(coverImage).toBeVisible();
  await expect.poll(() => coverImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("toast")).toContainText("Article published");
  await expect(page.getByTestId("blog-post-status")).toContainText("Published on");

  // The visitor, in French (?lng=fr, the language of the page's hreflang links): on /blog, and its page.
  await visitor.goto("/blog?lng=fr");
  await expect(visitor.getByRole("link", { name: titleFr })).toHaveAttribute("href", `/blog/${slug}`);
  await visitor.goto(`/blog/${slug}?lng=fr`);
  await expect(visitor.getByRole("heading", { level: 1, name: titleFr })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Le compteur" })).toBeVisible();

  await visitorContext.close();

  // Delete, on a second article (the published one stays: other specs read the newest post on
  // /blog and may be on it): a dialog with JavaScript, the confirmation page without.
  const doomed = `Draft to delete ${run}`;
  await page.goto("/admin/content/posts/new");
  await page.getByRole("group", { name: "English" }).getByLabel("Title").fill(doomed);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("toast")).toContainText("Draft saved");
  const doomedUrl = new URL(page.url()).pathname;
  await page
    .getByRole("link", { name: "Delete the article" })
    .or(page.getByRole("button", { name: "Delete the article" }))
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: `Delete “${doomed}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  } else {
    await expect(page).toHaveURL((url) => url.pathname === `${doomedUrl}/delete`);
    await expect(page.getByRole("heading", { level: 1, name: `Delete “${doomed}”?` })).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expect(page.getByTestId("toast")).toContainText("Article deleted");
  await expect(page).toHaveURL((url) => url.pathname === "/admin/content");
  await expect(page.getByRole("link", { name: doomed })).toHaveCount(0);
  await expect(page.getByRole("link", { name: titleEn })).toBeVisible();
  expect((await page.goto(doomedUrl))?.status()).toBe(404);

  // Each action in the audit log, by the demo admin.
  await page.goto("/admin/audit?action=admin.blog.");
  const entries = page.getByTestId("audit-entry");
  for (const [label, title] of [
    ["Blog article created", titleEn],
    ["Blog article published", titleEn],
    ["Blog article deleted", doomed],
  ]) {
    await expect(entries.filter({ hasText: label }).filter({ hasText: title }).first()).toContainText("By Joseph Ebai");
  }
});

test.describe("the admin's blog pages, with axe", () => {
  // axe measures with inline styles, which the CSP refuses (see discovery-a11y.spec.ts).
  test.use({ bypassCSP: true });

  // JavaScript only: axe-core runs as a script inside the page; the markup it checks is the same
  // server HTML the no-JS project loads.
  test(
    "the content index and a new article with its preview have no serious or critical violation, in English and French",
    { tag: "@needs-javascript" },
    async ({ page }) => {
      await logIn(page, "admin@kamernest.test", DEMO_PASSWORD, "/admin/content");
      await expect(page).toHaveURL((url) => url.pathname === "/admin/content");
      for (const language of ["en", "fr"] as const) {
        await page.goto(`/admin/content?lng=${language}`);
        await expectNoSeriousViolation(page, `/admin/content in ${language}`);
        await page.goto(`/admin/content/posts/new?lng=${language}`);
        await page.locator("#titleEn").fill("Axe check");
        await page.locator("#bodyEn").fill("## A heading\n\nSome **text** and [a link](https://example.org).");
        await page.locator("button[value=preview]").click();
        await expect(page.getByTestId("blog-preview")).toBeVisible();
        await expectNoSeriousViolation(page, `the new article with a preview in ${language}`);
      }
    },
  );
});

async function expectNoSeriousViolation(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(serious, what).toEqual([]);
}
