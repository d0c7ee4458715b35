// The agent portal's properties, JavaScript on and off: the demo agent adds a property with two
// photos, sees it awaiting verification, edits it, changes its status (closing it asks first: a
// dialog with JavaScript, a confirmation page without) and confirms it is still available.
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { logInAsDemoAgent as logIn } from "./demo-agent";

async function photo(color: string, format: "jpeg" | "png") {
  const image = sharp({ create: { width: 120, height: 90, channels: 3, background: color } });
  const buffer = format === "jpeg" ? await image.jpeg().toBuffer() : await image.png().toBuffer();
  return { name: `room.${format === "jpeg" ? "jpg" : "png"}`, mimeType: `image/${format}`, buffer };
}

test("the demo agent adds, photographs, edits, closes, reopens and confirms a property", async ({ page, javaScriptEnabled }) => {
  const title = `Studio e2e ${javaScriptEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;
  await logIn(page, "/agents/new-property");
  // The portal's own layout: its side menu, no public navigation.
  await expect(page.getByRole("navigation", { name: "Agent portal" })).toBeAttached();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Tiled studio, water inside, five minutes from the gate.");
  await page.getByLabel("Type of place").selectOption("studio");
  await page.getByLabel("Monthly rent (FCFA)").fill("45000");
  await page.getByLabel("Months of advance rent").fill("3");
  await page.getByLabel("Neighbourhood").selectOption("Bomaka");
  await page.getByLabel("Address").fill("Near the Bomaka junction");
  await page.getByLabel("Toilet inside").check();
  await page.getByRole("button", { name: "Save the property" }).click();

  await expect(page).toHaveURL(/\/agents\/properties\/[^/]+\/edit/);
  await expect(page.getByTestId("awaiting-verification")).toBeVisible();
  for (const [i, file] of [await photo("#2a7", "jpeg"), await photo("#a52", "png")].entries()) {
    await page.getByLabel(/^Add (a photo|photos)/).setInputFiles(file);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("heading", { name: `Photos (${i + 1} of 10)` })).toBeVisible();
  }
  await expect(page.getByTestId("portal-photo")).toHaveCount(2);

  await page.getByLabel("Title").fill(`${title} renovated`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/agents/properties");
  const row = page.getByTestId("portal-property").filter({ hasText: `${title} renovated` });
  await expect(row.getByTestId("verification")).toHaveText("Awaiting verification");
  await expect(row.getByTestId("status")).toHaveText("Available");

  // One click: Booked.
  await row.getByRole("button", { name: "Booked", exact: true }).click();
  await expect(row.getByTestId("status")).toHaveText("Booked");

  // Closing asks first.
  if (javaScriptEnabled) {
    await row.getByRole("button", { name: "Rented out", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes, mark as Rented out" }).click();
  } else {
    await row.getByRole("link", { name: "Rented out", exact: true }).click();
    await expect(page).toHaveURL(/\/close\?status=rented_out/);
    await page.getByRole("button", { name: "Yes, mark as Rented out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/agents/properties");
  }
  await expect(row.getByTestId("status")).toHaveText("Rented out");

  await row.getByRole("button", { name: "Available", exact: true }).click();
  await expect(row.getByTestId("status")).toHaveText("Available");
  await row.getByRole("button", { name: "Still available" }).click();
  await expect(page.getByText(`Availability of “${title} renovated” confirmed`)).toBeVisible();
});

test("on a phone the portal menu folds behind a Menu toggle that needs no JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, "/agents/properties");
  const addLink = page.getByRole("navigation", { name: "Agent portal" }).getByRole("link", { name: "Add Property" });
  await expect(addLink).toBeHidden();
  await page.locator('label[for="agent-portal-menu"]').click();
  await expect(addLink).toBeVisible();
  await addLink.click();
  await expect(page).toHaveURL((url) => url.pathname === "/agents/new-property");
});
