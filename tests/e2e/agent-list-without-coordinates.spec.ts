// Issue 33, agents on a phone: the demo agent signs in and lands on the portal, lists a property
// with only a neighbourhood and an address, adds three photos in one post and sees it awaiting
// verification, at 360 px and on a desktop, JavaScript on and off. With JavaScript a point set on
// the map (the plan shown when MAP_TILES_URL is unset, as here) is stored.
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_AGENT } from "./demo-agent";

async function photo(color: string, name: string) {
  const buffer = await sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

async function signInWithoutRedirect(page: Page) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(DEMO_AGENT.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_AGENT.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // No page asked for: an approved agent's home is the portal (decision 0208).
  await expect(page).toHaveURL((url) => url.pathname === "/agents/properties");
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function fillProperty(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Monthly rent (FCFA)").fill("40000");
  await page.getByLabel("Neighbourhood").selectOption("Muea");
  await page.getByLabel("Address").fill("Behind the Muea market");
}

for (const { device, width, height } of [
  { device: "phone", width: 360, height: 740 },
  { device: "desktop", width: 1280, height: 900 },
]) {
  test(`on a ${device}, an agent lists with a neighbourhood and an address and adds three photos at once`, async ({
    page,
    javaScriptEnabled,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    await signInWithoutRedirect(page);
    await page.goto("/agents/new-property");
    const title = `Room ${device} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;
    await fillProperty(page, title);
    await fitsWidth(page, width);
    await page.screenshot({
      path: `test-results/agent-tools-new-property-${device}-${javaScriptEnabled ? "js" : "nojs"}.png`,
      fullPage: true,
    });
    await page.getByRole("button", { name: "Save the property" }).click();

    await expect(page).toHaveURL(/\/agents\/properties\/[^/]+\/edit/);
    await expect(page.getByTestId("awaiting-verification")).toBeVisible();
    await expect(page.getByTestId("approximate-location")).toContainText("the centre of Muea");
    // No photo yet: not public, and the agent is told so here and in the list (decision 0231).
    const mode = `${device}-${javaScriptEnabled ? "js" : "nojs"}`;
    const editUrl = new URL(page.url()).pathname;
    const listingId = editUrl.split("/")[3];
    // The search box repeats the keyword: a result is a link to the listing's page.
    const visitorFinds = async () =>
      (await (await request.get(`/listings?q=${encodeURIComponent(title)}`)).text()).includes(`/listings/${listingId}`);
    await expect(page.getByTestId("needs-photo")).toHaveText("Not public yet: add a photo to publish this listing.");
    expect(await visitorFinds()).toBe(false);
    await page.goto("/agents/properties");
    await expect(page.getByTestId("portal-property").filter({ hasText: title }).getByTestId("needs-photo")).toBeVisible();
    await fitsWidth(page, width);
    await page.screenshot({ path: `test-results/agent-tools-needs-photo-list-${mode}.png`, fullPage: true });
    await page.goto(`${editUrl}?lng=fr`);
    await expect(page.getByTestId("needs-photo")).toHaveText("Pas encore publiée : ajoutez une photo pour publier cette annonce.");
    await fitsWidth(page, width);
    await page.screenshot({ path: `test-results/agent-tools-needs-photo-fr-${mode}.png` });
    await page.goto(editUrl);

    const input = page.getByLabel(/^Add photos/);
    await input.setInputFiles([await photo("#2a7", "one.jpg"), await photo("#a52", "two.jpg"), await photo("#25a", "three.jpg")]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("portal-photo")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Photos (3 of 10)" })).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByTestId("photo-uploads").getByText("Uploaded")).toHaveCount(3);
      // The input is emptied: a second tap on Upload does not send the same photos again.
      expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
    }
    await expect(page.getByTestId("awaiting-verification")).toBeVisible();
    await expect(page.getByTestId("needs-photo")).toHaveCount(0);
    expect(await visitorFinds()).toBe(true);
    await fitsWidth(page, width);
    await page.screenshot({ path: `test-results/agent-tools-photos-${device}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });

    await page.goto("/agents/properties");
    const row = page.getByTestId("portal-property").filter({ hasText: title });
    await expect(row.getByTestId("verification")).toHaveText("Awaiting verification");
    await expect(row.getByTestId("needs-photo")).toHaveCount(0);
  });
}

test("with JavaScript, a point tapped on the map is stored @needs-javascript (without it the form saves with the neighbourhood's centre, above)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithoutRedirect(page);
  await page.goto("/agents/new-property");
  const title = `Mapped room ${Date.now().toString(36)}`;
  await fillProperty(page, title);
  await page.getByRole("button", { name: "Set the point on a map" }).click();
  const plan = page.getByTestId("map-plan");
  await expect(plan).toBeVisible();
  const box = (await plan.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.3);
  await expect(page.getByTestId("map-pin")).toBeVisible();
  await expect(page.getByTestId("map-point-status")).toContainText("Map point set");
  await fitsWidth(page, 360);
  await page.screenshot({ path: "test-results/agent-tools-map-360-js.png", fullPage: true });
  const latitude = await page.locator("#latitude").inputValue();
  const longitude = await page.locator("#longitude").inputValue();
  expect(Number(latitude)).toBeGreaterThan(4.1);
  expect(Number(longitude)).toBeGreaterThan(9.2);
  await page.getByRole("button", { name: "Save the property" }).click();

  await expect(page).toHaveURL(/\/agents\/properties\/[^/]+\/edit/);
  await expect(page.getByTestId("approximate-location")).toHaveCount(0);
  await expect(page.locator("#latitude")).toHaveValue(latitude);
  await expect(page.locator("#longitude")).toHaveValue(longitude);
});
