// A cover chosen before a preview survives it (issue 33, decision 0233), JavaScript on and off:
// the admin chooses a cover, previews (the form shows the kept cover's thumbnail and says it will
// be saved), saves without choosing the file again, and the saved draft shows the cover.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";

async function logIn(page: Page, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill("admin@kamernest.test");
  await page.getByLabel("Password", { exact: true }).fill("kamernest-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
}

const loaded = (img: ReturnType<Page["getByRole"]>) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

test("a cover chosen before the preview is saved with the post", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const titleEn = `Cover through preview ${testInfo.project.name}-${Date.now().toString(36)}`;
  await logIn(page, "/admin/content/posts/new");
  await expect(page).toHaveURL((url) => url.pathname === "/admin/content/posts/new");

  await page.getByRole("group", { name: "English" }).getByLabel("Title").fill(titleEn);
  const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#a62" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Cover image").setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: cover });
  await page.getByRole("button", { name: "Preview" }).click();

  await expect(page.getByTestId("blog-preview")).toBeVisible();
  const kept = page.getByTestId("kept-cover");
  await expect(kept).toContainText("This cover will be saved with the post");
  await loaded(kept.getByRole("img", { name: "The cover chosen before the preview" }));

  // Save without choosing the file again.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("toast")).toContainText("Draft saved");
  await expect(page).toHaveURL(/\/admin\/content\/posts\/[^/]+$/);
  await expect(page.getByText("The current cover", { exact: true })).toBeVisible();
  const saved = page.getByRole("img", { name: titleEn });
  await expect(saved).toBeVisible();
  await loaded(saved);
});
