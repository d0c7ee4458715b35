// The photos of a listing and of a guest house on a 360 px phone, in English and in French, with
// JavaScript on (project `phone`) and off (`phone-no-js`) (issue 32, decision 0242):
// - a caption shows in full, wrapped, at 360 and 320 px, and a card's frame crops nothing of a
//   photo stored at 3:2 (the demo's photos have their caption drawn along the bottom left edge);
// - the photos are a strip that swipes with the finger and snaps to a photo;
// - with JavaScript a photo opens full screen, moves with Next, the arrow keys and a swipe, closes
//   with Escape and gives the focus back to the strip; without, it opens as a page of its own.
// Screenshots are kept in test-results/phone/ for a person to look at.
import { randomUUID } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { withDb } from "./e2e-db";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../scripts/lib/page-types";

const WIDTH = 360;
const NARROW = 320;
const SHOTS = path.resolve("test-results/phone");
const LISTING = /^\/listings\/[0-9a-f-]{36}$/;
const GUEST_HOUSE = /^\/guest-house\/[0-9a-f-]{36}$/;
/** A photo of the demo's pool (a 3:2 scene with its caption), not a test's small upload. */
const DEMO_PHOTO = 'img[src*="/media/photos/pool-"]';

/** Words of the interface in each language. */
const WORDS = {
  en: { of: "of", close: "Close", next: "Next photo", previous: "Previous photo", back: "Back to the listing", viewer: "Photos: " },
  fr: { of: "sur", close: "Fermer", next: "Photo suivante", previous: "Photo précédente", back: "Retour à l'annonce", viewer: "Photos : " },
} as const;

/** A caption far longer than a phone's line, with a word longer than the photo is wide. */
const LONG_ALT =
  "Self-contained studio with a tiled shower, a kitchen corner and a balcony facing Mount Cameroon, ten minutes on foot from the UB main gate: Mountcameroonviewbalconyandkitchencorner";

const js = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** The links the server's HTML of `on` has matching `pattern`, in order. */
async function hrefs(page: Page, on: string, pattern: RegExp): Promise<string[]> {
  const html = await (await page.request.get(on)).text();
  const found = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")).filter((u) => pattern.test(u));
  expect(found.length, `links matching ${pattern} on ${on}`).toBeGreaterThan(0);
  return found;
}

/**
 * What hides part of `element`: its own content overflowing it (text that does not wrap), or an
 * ancestor that clips (overflow other than visible) and does not hold all of it, or the screen.
 */
async function clipped(element: Locator): Promise<string[]> {
  return element.evaluate((e) => {
    const problems: string[] = [];
    if (e.scrollWidth > e.clientWidth + 1) problems.push(`its text is ${e.scrollWidth}px wide in ${e.clientWidth}px`);
    if (e.scrollHeight > e.clientHeight + 1) problems.push(`its text is ${e.scrollHeight}px high in ${e.clientHeight}px`);
    const box = e.getBoundingClientRect();
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) {
      problems.push(`it spans ${Math.round(box.left)}–${Math.round(box.right)}px on a ${document.documentElement.clientWidth}px screen`);
    }
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const outer = a.getBoundingClientRect();
      const clipsX = style.overflowX !== "visible" && (box.left < outer.left - 0.5 || box.right > outer.right + 0.5);
      const clipsY = style.overflowY !== "visible" && (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5);
      if (clipsX || clipsY) problems.push(`<${a.tagName.toLowerCase()} class="${a.className}"> cuts it`);
    }
    return problems;
  });
}

/** The page's width, as tests/e2e/phone.spec.ts measures it (a mobile browser widens innerWidth to fit). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The card photos stored at the demo's 3:2 whose frame is not 3:2 (object-cover crops them). */
async function croppedCardPhotos(page: Page): Promise<{ checked: number; cropped: string[] }> {
  return page.evaluate(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>("[data-testid$='-card'] picture img")].filter(
      (img) => img.getAttribute("width") === "1024" && img.getAttribute("height") === "683",
    );
    const cropped = images
      .map((img) => ({ img, shown: img.clientWidth / img.clientHeight }))
      .filter(({ shown }) => Math.abs(shown - 1024 / 683) > 0.01)
      .map(({ img, shown }) => `${img.currentSrc || img.src}: shown at ${shown.toFixed(3)}, stored at ${(1024 / 683).toFixed(3)}`);
    return { checked: images.length, cropped };
  });
}

/** A finger's swipe from right to left across `element`: touch events as the screen sends them. */
async function swipeLeft(page: Page, element: Locator, distance: number) {
  const box = await element.boundingBox();
  expect(box, "the element to swipe").not.toBeNull();
  const x = Math.round(box!.x + box!.width * 0.9);
  const y = Math.round(box!.y + box!.height / 2);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x - (distance * step) / 10, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/**
 * Which photo a snapping strip rests on: the item whose start is at the strip's start (the last
 * ones: as far as the strip scrolls), or -1 when it rests between two.
 */
function snappedItem(strip: Locator): Promise<number> {
  return strip.evaluate((ul) => {
    const left = ul.getBoundingClientRect().left;
    const end = ul.scrollWidth - ul.clientWidth;
    return [...ul.children].findIndex((li) => {
      const snap = Math.min(end, li.getBoundingClientRect().left - left + ul.scrollLeft);
      return Math.abs(snap - ul.scrollLeft) < 2;
    });
  });
}

/** Whether the strip's item `index` is wholly in view. */
function itemInView(strip: Locator, index: number): Promise<boolean> {
  return strip.evaluate((ul, i) => {
    const outer = ul.getBoundingClientRect();
    const item = ul.children[i]!.getBoundingClientRect();
    return item.left >= outer.left - 1 && item.right <= outer.right + 1;
  }, index);
}

async function signIn(page: Page, testInfo: TestInfo) {
  const response = await page.request.post("/auth/login", {
    form: { intent: "password", email: DEMO_ACCOUNTS.student, password: DEMO_PASSWORD, redirectTo: "/" },
    headers: { Origin: String(testInfo.project.use.baseURL) },
    maxRedirects: 0,
  });
  expect(response.status(), "signing in").toBeLessThan(400);
}

for (const language of ["en", "fr"] as const) {
  const words = WORDS[language];
  test.describe(`a gallery on a phone (${language})`, () => {
    test.use({ locale: language === "fr" ? "fr-FR" : "en-GB" });

    test("a caption shows in full at 360 and 320 px, and a card crops nothing of a 3:2 photo", async ({ page }, testInfo) => {
      // An agent's page with listings: the agent of the first listing.
      const agent = (await hrefs(page, (await hrefs(page, "/listings", LISTING))[0]!, /^\/agent\/[0-9a-f-]{36}$/))[0]!;
      for (const on of ["/", "/listings", "/guest-houses", agent]) {
        await page.goto(on);
        const { checked, cropped } = await croppedCardPhotos(page);
        expect(checked, `3:2 photos on ${on}`).toBeGreaterThan(0);
        expect(cropped, `cards on ${on}`).toEqual([]);
      }

      // A listing far down the first page (the phone harness opens the first) gets a photo of
      // this test's own, first in its gallery, with a long caption; deleted after. Read signed
      // in, so no visitor's cached copy answers. One listing per language and project: the four
      // run at once.
      const slot = (language === "fr" ? 2 : 0) + (js(testInfo) ? 0 : 1);
      const listings = await hrefs(page, "/listings", LISTING);
      expect(listings.length).toBeGreaterThan(4);
      const listing = listings.at(-1 - slot)!;
      const id = listing.split("/").pop()!;
      const photoId = `e2e-long-caption-${randomUUID()}`;
      withDb((db) => {
        const shown = db
          .prepare("SELECT storage_key, width, height FROM photos WHERE owner_type = 'property' AND owner_id = ? ORDER BY position LIMIT 1")
          .get(id) as { storage_key: string; width: number; height: number } | undefined;
        expect(shown, `a photo of ${listing}`).toBeDefined();
        db.prepare(
          "INSERT INTO photos (id, owner_type, owner_id, position, storage_key, width, height, alt, created_at) VALUES (?, 'property', ?, -1, ?, ?, ?, ?, ?)",
        ).run(photoId, id, shown!.storage_key, shown!.width, shown!.height, LONG_ALT, new Date().toISOString());
      });
      try {
        await signIn(page, testInfo);
        await page.goto(listing);
        const caption = page.getByTestId("gallery-strip").locator("[data-gallery-caption]").first();
        await expect(caption).toHaveText(new RegExp(`^Photo 1 ${words.of} \\d+ ?: ${LONG_ALT}$`));
        for (const width of [WIDTH, NARROW]) {
          await page.setViewportSize({ width, height: 740 });
          expect(await pageWidth(page), `the page at ${width}px`).toBeLessThanOrEqual(width);
          expect(await clipped(caption), `the caption at ${width}px`).toEqual([]);
          const lines = await caption.evaluate((e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight));
          expect(lines, `the caption wraps at ${width}px`).toBeGreaterThan(2);
        }
        await page.setViewportSize({ width: WIDTH, height: 740 });
        await page.screenshot({ path: path.join(SHOTS, `gallery-${language}-${js(testInfo) ? "js" : "no-js"}-caption.png`) });
      } finally {
        withDb((db) => db.prepare("DELETE FROM photos WHERE id = ?").run(photoId));
      }
    });

    test("the photos are a strip that swipes with the finger and stops on a photo", async ({ page }) => {
      for (const [list, pattern] of [
        ["/listings", LISTING],
        ["/guest-houses", GUEST_HOUSE],
      ] as const) {
        const strip = page.getByTestId("gallery-strip");
        // A page with two demo photos or more (other specs add listings with one, newest first).
        let found = false;
        for (const href of await hrefs(page, list, pattern)) {
          await page.goto(href);
          if ((await strip.locator("[data-gallery-open]").locator(DEMO_PHOTO).count()) >= 2) {
            found = true;
            break;
          }
        }
        if (!found) throw new Error(`no page of ${list} with two photos or more`);
        expect(await strip.evaluate((ul) => getComputedStyle(ul).scrollSnapType)).toBe("x mandatory");
        expect(await strip.evaluate((ul) => ul.scrollWidth > ul.clientWidth), "more photos than the screen holds").toBe(true);
        // The next photo peeks in at the right edge: there is more to swipe to.
        const second = await strip.locator("li").nth(1).boundingBox();
        expect(second!.x).toBeLessThan(WIDTH);
        expect(await pageWidth(page), `${page.url()} is no wider than the screen`).toBeLessThanOrEqual(WIDTH);
        expect(await snappedItem(strip)).toBe(0);
        await swipeLeft(page, strip, 200);
        await expect.poll(() => snappedItem(strip), { message: `the strip of ${page.url()} after a swipe` }).toBe(1);
      }
    });

    test("a photo opens large: full screen with JavaScript, a page of its own without", async ({ page }, testInfo) => {
      const strip = page.getByTestId("gallery-strip");
      const links = strip.locator("[data-gallery-open]");
      // A demo listing with three photos (scenes as wide as a phone's screen): the first of
      // /listings is not always one, since other specs add listings (newest first) with small
      // test images, so the first page is searched for one.
      let listing: string | undefined;
      for (const href of await hrefs(page, "/listings", LISTING)) {
        await page.goto(href);
        if ((await links.count()) === 3 && (await links.locator(DEMO_PHOTO).count()) === 3) {
          listing = page.url();
          break;
        }
      }
      if (!listing) throw new Error("no listing with three photos on the first page of /listings");
      const stripWidth = (await links.first().locator("img").boundingBox())!.width;

      if (js(testInfo)) {
        await links.first().tap();
        const dialog = page.getByRole("dialog", { name: new RegExp(`^${words.viewer}`) });
        await expect(dialog).toBeVisible();
        expect(page.url(), "the viewer opens in the page").toBe(listing);
        await expect(dialog.getByRole("button", { name: words.close })).toBeFocused();
        const status = dialog.getByRole("status");
        await expect(status).toHaveText(new RegExp(`^Photo 1 ${words.of} 3`));
        // The photo as wide as the screen, from a larger variant than the strip's.
        const first = dialog.locator("li").first().locator("img");
        await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-(640|1024)\.webp$/);
        expect((await first.boundingBox())!.width).toBeGreaterThan(Math.max(stripWidth, WIDTH - 1));
        expect(await clipped(dialog.locator("li").first().locator("figcaption"))).toEqual([]);
        expect(await pageWidth(page), "the page with the viewer open").toBeLessThanOrEqual(WIDTH);
        // The previous and next buttons side by side, each on one line (French is the longer).
        const [previousBox, nextBox] = await Promise.all(
          [words.previous, words.next].map((name) => dialog.getByRole("button", { name }).boundingBox()),
        );
        expect(Math.abs(previousBox!.y - nextBox!.y), "the buttons on one row").toBeLessThan(1);
        expect(previousBox!.height, "one line of text").toBeLessThanOrEqual(48);
        expect(nextBox!.x + nextBox!.width).toBeLessThanOrEqual(WIDTH);
        await page.screenshot({ path: path.join(SHOTS, `gallery-${language}-js-viewer.png`) });
        const axe = await new AxeBuilder({ page }).analyze();
        const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
        expect(serious, "axe with the viewer open").toEqual([]);

        // A swipe first: the viewer opened without moving, no smooth scroll is under way. Most of
        // the screen's width: past half a photo, whatever the touch slop takes.
        await swipeLeft(page, dialog.locator("[data-gallery-slides]"), 260);
        await expect(status).toHaveText(new RegExp(`^Photo 2 ${words.of} 3`));
        await dialog.getByRole("button", { name: words.next }).tap();
        await expect(status).toHaveText(new RegExp(`^Photo 3 ${words.of} 3`));
        await expect(dialog.getByRole("button", { name: words.next })).toBeDisabled();
        await page.keyboard.press("ArrowLeft");
        await expect(status).toHaveText(new RegExp(`^Photo 2 ${words.of} 3`));
        await page.keyboard.press("ArrowRight");
        await expect(status).toHaveText(new RegExp(`^Photo 3 ${words.of} 3`));
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        // Back on the strip, on the photo last shown.
        await expect(links.nth(2)).toBeFocused();

        // From the keyboard too.
        await links.first().focus();
        await page.keyboard.press("Enter");
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(links.first()).toBeFocused();

        // The same link's own large view, as without JavaScript, works with it too.
        await page.goto((await links.nth(1).getAttribute("href"))!);
      } else {
        await links.nth(1).tap();
      }

      await expect(page).toHaveURL(/\?photo=2$/);
      const view = page.getByTestId("photo-view");
      const photo = view.locator("figure img");
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-(640|1024)\.webp$/);
      expect((await photo.boundingBox())!.width, "the photo is as wide as the screen").toBeGreaterThan(WIDTH - 1);
      const caption = view.locator("figcaption");
      await expect(caption).toHaveText(new RegExp(`^Photo 2 ${words.of} 3`));
      expect(await clipped(caption)).toEqual([]);
      expect(await pageWidth(page), "the photo's page").toBeLessThanOrEqual(WIDTH);
      await page.screenshot({ path: path.join(SHOTS, `gallery-${language}-${js(testInfo) ? "js" : "no-js"}-photo-page.png`) });
      await view.getByRole("link", { name: words.next }).tap();
      await expect(page).toHaveURL(/\?photo=3$/);
      await expect(caption).toHaveText(new RegExp(`^Photo 3 ${words.of} 3`));
      await expect(view.getByRole("link", { name: words.next })).toHaveCount(0);
      await view.getByRole("link", { name: words.previous }).tap();
      await expect(page).toHaveURL(/\?photo=2$/);
      await view.getByRole("link", { name: words.back }).tap();
      // Back on the listing, its strip at the photo last seen.
      await expect(page).toHaveURL(`${listing}#photo-2`);
      await expect.poll(() => itemInView(page.getByTestId("gallery-strip"), 1)).toBe(true);
    });
  });
}

// @needs-javascript: a page React draws after a client-side navigation; without JavaScript there
// is none, and the tests above cover the server's page.
test("the viewer opens the same on a listing React drew @needs-javascript", async ({ page }) => {
  // The login page hydrates; the listing reached from it by client-side navigations is React's.
  await page.goto("/auth/login");
  const menu = page.locator("header details:visible").first();
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Listings" }).click();
  await expect(page).toHaveURL(/\/listings$/);
  // A client-side navigation folds the menu.
  await expect(menu).not.toHaveAttribute("open", "");
  // A demo listing's card (other specs add listings, newest first, with one small test image).
  await page
    .getByTestId("property-card")
    .filter({ has: page.locator(DEMO_PHOTO) })
    .first()
    .getByRole("heading")
    .getByRole("link")
    .click();
  const links = page.getByTestId("gallery-strip").locator("[data-gallery-open]");
  await links.first().tap();
  const dialog = page.getByRole("dialog", { name: /^Photos: / });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Next photo" }).tap();
  await expect(dialog.getByRole("status")).toHaveText(/^Photo 2 of \d+/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(links.nth(1)).toBeFocused();
  await expect(page).toHaveURL(/\/listings\/[0-9a-f-]{36}$/);
});

// @needs-javascript: which scripts a page fetches. The viewer is a script of its own (gallery.js),
// fetched by enhance.js only where a page shows a gallery: every other page is spared it.
test("only a page with a gallery fetches the viewer's script @needs-javascript", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/gallery-[\w-]+\.js$/.test(new URL(request.url()).pathname)) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/faq");
  await page.goto("/listings");
  await expect(page.getByTestId("property-card").first()).toBeVisible();
  expect(fetched).toEqual([]);
  await page.getByTestId("property-card").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByTestId("gallery-strip")).toBeVisible();
  await expect.poll(() => fetched.length).toBe(1);
});
