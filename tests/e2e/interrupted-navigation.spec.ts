// A navigation interrupted by another is not an error (decision 0164). On the visit booking page
// the date field loads that day's times as soon as it changes; a student who picks another day
// before they arrive, or presses "Show times" as well, starts a second navigation while the first
// is loading. The page must end on the last day asked for, with no error in the page: the fixture
// fails the test on any uncaught error, which an aborted request's rejection used to be.
import { test as plainTest, type Page, type Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, demoAgentListingsNewestFirst, isoDay, logIn } from "./booking-helpers";

/** Holds the page's data requests for `date` until `release` is called. */
async function holdTimesOf(page: Page, date: string) {
  const held: Route[] = [];
  const seen: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.get("date") === date,
    (route) => {
      seen.push(route.request().url());
      held.push(route);
    },
  );
  return {
    seen,
    /** Lets the held requests go on (one the browser has aborted meanwhile fails quietly). */
    release: async () => {
      await page.unroute((url) => url.pathname.endsWith(".data"));
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

// JavaScript only: without it the date field loads nothing by itself; "Show times" is a plain GET
// form, covered in both projects by the booking specs (booking-helpers' chooseFreeTime).
test.describe("interrupted navigations", { tag: "@needs-javascript" }, () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, "student@kamernest.test", DEMO_PASSWORD);
    await page.goto(`/book-visit/${demoAgentListingsNewestFirst()[2].id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Book a visit" })).toBeVisible();
  });

  test("another day picked while the first day's times load: the page shows the last, without an error", async ({ page }) => {
    const first = isoDay(50);
    const last = isoDay(51);
    const firstDay = await holdTimesOf(page, first);
    await page.getByLabel("Visit date").fill(first);
    await expect.poll(() => firstDay.seen.length).toBe(1);
    // The first day's request is still on its way when the second navigation starts.
    await page.getByLabel("Visit date").fill(last);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${last}`));
    await firstDay.release();
    await expect(page.getByLabel(/^Time slot on /)).toBeVisible();
    await expect(page.getByLabel("Visit date")).toHaveValue(last);
  });

  test("Show times pressed while the date field is loading the same day: one request", async ({ page }) => {
    const day = isoDay(52);
    const loading = await holdTimesOf(page, day);
    await page.getByLabel("Visit date").fill(day);
    await expect.poll(() => loading.seen.length).toBe(1);
    await page.getByRole("button", { name: "Show times" }).click();
    await loading.release();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${day}`));
    await expect(page.getByLabel(/^Time slot on /)).toBeVisible();
    expect(loading.seen).toHaveLength(1);
  });
});

// Without the fixture, which would fail the test on the error it provokes on purpose.
plainTest.describe("a request's abort left unawaited", { tag: "@needs-javascript" }, () => {
  plainTest("is not a page error; any other unawaited rejection still is", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
    await page.goto("/auth/login");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const reported = page.waitForEvent("pageerror");
    await page.evaluate(() => {
      // What an aborted fetch rejects with: a DOMException named AbortError.
      const controller = new AbortController();
      controller.abort();
      void Promise.reject(controller.signal.reason);
      void Promise.reject(new Error("a real failure"));
    });
    await reported;
    expect(errors).toEqual(["Error: a real failure"]);
  });
});
