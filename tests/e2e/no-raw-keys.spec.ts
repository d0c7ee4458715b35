// No raw keys, ever (issue 31, decisions 0193 and 0194): a hydrated page has every message it can
// show before it can show it, and a message with values shows them.
//
// The payment pages were the worst case: once hydrated, the mobile-money form replaces its number
// and Pay button with "Choose MTN Mobile Money or Orange Money to continue.", a message its server
// render never used, so the page did not carry it and showed `form.chooseMethodFirst` until the
// namespace arrived. Here the locale chunks are held back a while and every text the page shows,
// from its first byte to the end, is checked against every key of every locale file.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newStudent } from "./booking-helpers";
import { logInAsDemoAgent } from "./demo-agent";

/** Every message key of the English locale files, as `a.b.c`, plural endings removed. */
function allKeys(): string[] {
  const keys = new Set<string>();
  const dir = path.resolve("public/locales/en");
  const walk = (node: unknown, prefix: string) => {
    for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (typeof value === "string") keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ""));
      else walk(value, key);
    }
  };
  for (const file of fs.readdirSync(dir)) walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), "");
  // Single words ("title") could be ordinary text: only dotted keys are looked for.
  return [...keys].filter((key) => key.includes("."));
}

/**
 * Watches, from before the page's first byte, every text the page shows (text nodes outside
 * scripts and styles, and the fields' placeholders and values): a known key or a "{{" is recorded.
 */
async function watchForRawKeys(page: Page) {
  await page.addInitScript((keys: string[]) => {
    const known = new Set(keys);
    const found: string[] = [];
    (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen = found;
    const token = /(?:[a-z][a-z-]*:)?([A-Za-z][\w-]*(?:\.[\w-]+)+)/g;
    const check = (text: string | null) => {
      if (!text) return;
      if (text.includes("{{")) found.push(text.trim());
      for (const match of text.matchAll(token)) if (known.has(match[1])) found.push(match[0]);
    };
    const scan = (root: Node) => {
      if (root.nodeType === Node.TEXT_NODE) {
        if (!root.parentElement?.closest("script, style, template")) check(root.textContent);
        return;
      }
      if (!(root instanceof Element) || root.closest("script, style, template")) return;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest("script, style, template")) check(node.textContent);
      }
      for (const field of root.querySelectorAll("input, textarea, button")) {
        check(field.getAttribute("placeholder"));
        check(field.getAttribute("aria-label"));
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "characterData") scan(record.target);
        else if (record.type === "attributes") scan(record.target);
        else for (const node of record.addedNodes) scan(node);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["placeholder", "aria-label"],
    });
  }, allKeys());
}

const rawKeysSeen = (page: Page) => page.evaluate(() => (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen);

/** Holds back every locale chunk (locale-{language}-{namespace}-{hash}.js) before it is answered. */
async function delayTranslations(page: Page) {
  await page.route(/\/assets\/locale-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

/** A message of a locale file, e.g. text("fr", "payment:form.pay", { amount: "8 000 FCFA" }). */
function text(language: string, key: string, values: Record<string, string> = {}): string {
  const [namespace, dotted] = key.split(":");
  let node: unknown = JSON.parse(fs.readFileSync(path.resolve(`public/locales/${language}/${namespace}.json`), "utf8"));
  for (const part of dotted.split(".")) node = (node as Record<string, unknown>)[part];
  return (node as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]);
}

/** On a payment page: once hydrated, no key; choosing a method shows the number and the Pay button. */
async function checkPaymentForm(page: Page, language: string, heading: string, amount: string) {
  await expect(page.getByRole("heading", { level: 1, name: text(language, heading) })).toBeVisible();
  await expect(page.getByText(text(language, "payment:form.chooseMethodFirst"))).toBeVisible();
  const pay = page.getByRole("button", { name: text(language, "payment:form.pay", { amount }) });
  for (const method of ["mtn_momo", "orange_money"]) {
    await page.getByLabel(text(language, `payment:methods.${method}`)).check();
    await expect(page.getByLabel(text(language, "payment:form.phoneLabel"))).toBeVisible();
    await expect(page.getByText(text(language, "payment:form.phoneHint"))).toBeVisible();
    await expect(pay).toBeVisible();
  }
  expect(await rawKeysSeen(page)).toEqual([]);
}

test.describe("no raw keys", () => {
  // JavaScript only: without it the page is the server's HTML, which holds every message it shows
  // (money.spec.ts and guest-house-booking.spec.ts pay with JavaScript off through the same forms).
  test(
    "every payment page, its translations held back, never shows a key or a {{placeholder}}",
    { tag: "@needs-javascript" },
    async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      // A student of its own: the demo student may have bought its access in money.spec.ts, and
      // then has no visit to pay for.
      await newStudent(page, testInfo, "rawkeys");
      await page.goto("/test-booking");
      await page.getByRole("button", { name: "Create the test booking" }).click();
      await expect(page).toHaveURL(/\/payment\/KN-[A-Z0-9]+$/, { timeout: 8_000 });
      const visitPayment = new URL(page.url()).pathname;

      await watchForRawKeys(page);
      await delayTranslations(page);
      const pages: Array<[string, string, string]> = [
        [visitPayment, "payment:booking.title", "8 000 FCFA"],
        ["/subscription-payment", "subscription:payment.title", "8 000 FCFA"],
        ["/guest-house-payment", "guest-houses:access.title", "5 000 FCFA"],
      ];
      for (const language of ["en", "fr"]) {
        await chooseLanguage(page, language);
        for (const [url, heading, amount] of pages) {
          await test.step(`${language} ${url}`, async () => {
            // A new document each time; the route above holds each chunk back, cached or not.
            await page.goto(url);
            await checkPaymentForm(page, language, heading, amount);
          });
        }
      }
    },
  );
});

// The page's locale chunks are fetched beside the entry script, not one round trip after it: the
// server names them in `modulepreload` links (decision 0193), in the page's language.
test("a hydrated page preloads its namespaces' chunks in its language", { tag: "@needs-javascript" }, async ({ page }) => {
  await page.goto("/auth/login");
  for (const language of ["en", "fr"]) {
    await test.step(language, async () => {
      await chooseLanguage(page, language);
      const requested: string[] = [];
      page.on("request", (request) => {
        if (/\/assets\/locale-/.test(request.url())) requested.push(new URL(request.url()).pathname);
      });
      await page.goto("/auth/login");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const namespaces = JSON.parse((await page.locator("#kn-translations").textContent()) ?? "[]") as string[];
      expect(namespaces).toContain("auth");
      const preloads = await page
        .locator("link[rel=modulepreload][data-kn-locale]")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(
        preloads.map((href) =>
          /^\/assets\/locale-([a-z]{2})-(.+)-[\w-]{8}\.js$/
            .exec(href ?? "")
            ?.slice(1)
            .join("/"),
        ),
      ).toEqual(namespaces.map((ns) => `${language}/${ns}`));
      // Before hydration the page loaded those chunks and no other.
      expect([...new Set(requested)].sort()).toEqual([...(preloads as string[])].sort());
      page.removeAllListeners("request");
    });
  }
});

/** The language cookie as the site writes it (Remix's encoding of the JSON string). */
async function chooseLanguage(page: Page, language: string) {
  const value = Buffer.from(JSON.stringify(language)).toString("base64");
  await page.context().addCookies([{ name: "kn_lang", value, url: new URL(page.url()).origin }]);
}

// With JavaScript on and off: the refusal is the server's answer, shown by the same components.
test("a refused property form says its limits: 3 to 200 characters, never {{max}}", async ({ page }) => {
  await logInAsDemoAgent(page, "/agents/new-property");
  for (const [language, address, title] of [
    ["en", "Enter the address (3 to 200 characters).", "Give a title of 5 to 120 characters."],
    ["fr", "Indiquez l'adresse (3 à 200 caractères).", "Donnez un titre de 5 à 120 caractères."],
  ]) {
    await test.step(language, async () => {
      await chooseLanguage(page, language);
      await page.goto("/agents/new-property");
      // Title and address left empty: refused by the form's schema before the domain sees them.
      await page.getByRole("button", { name: text(language, "portal:form.create") }).click();
      await expect(page.getByText(address)).toBeVisible();
      await expect(page.getByText(title)).toBeVisible();
      await expect(page.locator("#main")).not.toContainText("{{");
    });
  }
  // Too short for the domain (its own refusal, translated by the server with the same values).
  await chooseLanguage(page, "en");
  await page.goto("/agents/new-property");
  await page.getByLabel("Address").fill("ab");
  await page.getByRole("button", { name: "Save the property" }).click();
  await expect(page.locator("#main")).not.toContainText("{{");
  await expect(page.locator("#main")).toContainText(/characters/);
});
