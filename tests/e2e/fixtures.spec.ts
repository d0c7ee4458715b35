// The fixtures themselves (tests/e2e/fixtures.ts): a browser test fails on any 5xx answer, a
// subresource's included, and a deliberate 4xx is allowed. Both projects, JavaScript on and off.
import { expect, test } from "./fixtures";

test.describe("browser test fixtures", () => {
  test("fail a test when a stylesheet is answered with a 5xx", async ({ page }) => {
    // The failure comes from the fixture, after the test body: expected here.
    test.fail();
    await page.route("**/assets/*.css", (route) => route.fulfill({ status: 502, body: "bad gateway" }));
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("fail a test when the page itself is answered with a 5xx", async ({ page }) => {
    test.fail();
    await page.route("**/faq", (route) => route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Oops</h1>" }));
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops");
  });

  test("allow a deliberate 4xx", async ({ page }) => {
    const response = await page.goto("/no-such-page-at-all");
    expect(response?.status()).toBe(404);
  });
});
