import { test as base, expect } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught page error: a CSP violation,
 * a hydration mismatch or a failed request shows up here before a person notices.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // With JavaScript on, a page that hydrates is used only once React has taken it over: typing
  // into a form that React is still hydrating is a race a person does not run, and a flaky test.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled) {
        await page.waitForFunction(
          () => document.documentElement.dataset.hydrate !== "true" || document.documentElement.dataset.hydrated === "true",
        );
      }
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // A deliberate 4xx/5xx response (e.g. the 404 test) is logged by Chromium as a failed resource.
        if (/Failed to load resource: the server responded with a status of (4\d\d|5\d\d)/.test(text)) return;
        errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
      await use(errors);
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
