// axe on the discovery pages, in English and in French: no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PAGE_TYPES } from "../../scripts/lib/page-types";

// axe-core applies inline styles while it measures (e.g. colour contrast), which our CSP refuses
// and the fixture reports as console errors. The CSP itself is exercised by every other spec.
test.use({ bypassCSP: true });

/** The first link on `path` whose href matches (a listing, a post, an agent of the demo). */
async function firstHref(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator("main a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`No link matching ${pattern} on ${path}`);
  return href.split("?")[0];
}

/**
 * axe runs inside the page, so it needs JavaScript. For the no-JavaScript project the page is
 * opened in a context where JavaScript runs but every script of the site is refused: the DOM is
 * exactly what a browser without JavaScript shows.
 */
async function pageToAudit(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  if (testInfo.project.name !== "no-js") return page;
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, bypassCSP: true, javaScriptEnabled: true });
  await context.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
  return context.newPage();
}

/** The discovery pages of the list of page types (scripts/lib/page-types.ts), each as a path to open. */
const PAGES = PAGE_TYPES.filter((p) => p.group === "discovery").map(({ name, path }) => ({
  name,
  path: async (page: Page): Promise<string> => {
    if (typeof path === "string") return path;
    if (!("link" in path) || Array.isArray(path.link)) throw new Error(`${name}: a discovery page is a path or one link away`);
    return firstHref(page, path.on, path.link);
  },
}));

for (const language of ["en", "fr"] as const) {
  test.describe(`accessibility (${language})`, () => {
    for (const target of PAGES) {
      test(`${target.name} has no serious or critical violation`, async ({ page: testPage, browser }, testInfo) => {
        const page = await pageToAudit(testPage, browser, testInfo);
        const p = await target.path(page);
        await page.goto(`${p}${p.includes("?") ? "&" : "?"}lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
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
        expect(serious, `axe on ${p} in ${language}`).toEqual([]);
      });
    }
  });
}
