import { test as base, expect } from "@playwright/test";

/**
 * Every browser test fails on a console error, an uncaught page error or a server error: a CSP
 * violation, a hydration mismatch or a 5xx answer (to a page, a fetch, a script, a stylesheet, an
 * image) shows up here before a person notices. A 4xx may be deliberate (the 404 page, a form with
 * errors) and is allowed; the test that wants one checks it.
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
    async ({ page, context }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // Chromium logs every 4xx/5xx answer as a failed resource: a deliberate 4xx (e.g. the 404
        // test) is fine, and a 5xx is reported below with its method and URL.
        if (/Failed to load resource: the server responded with a status of (4\d\d|5\d\d)/.test(text)) return;
        errors.push(text);
      });
      // Every answer to every page of the test (documents, fetches, subresources, popups).
      context.on("response", (response) => {
        if (response.status() >= 500) errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
      await use(errors);
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
