// Hydration on a busy machine or a slow phone: React's scheduled work runs late, and the student
// types before React has rendered the page once. That used to make React hydrate synchronously
// while <RemixBrowser> was suspended, replace the server HTML and fail with "Root did not
// complete" (minified React error #345): the discovery spec's "sends a message to the agent"
// failed that way under load. app/entry.client.tsx holds those events until the first render.
import { expect, test } from "./fixtures";

test.describe("hydration", () => {
  // JavaScript only: this races React's first render; without JavaScript there is none, and the
  // plain form post is covered by the no-JS auth tests.
  test("a form typed into before React's first render still works, without an error", { tag: "@needs-javascript" }, async ({ page }) => {
    await page.addInitScript(() => {
      // React's scheduler runs its work in MessageChannel tasks: deliver them late, as a loaded
      // CPU does. (Only the timing changes; every task still runs, in order.)
      const Native = window.MessageChannel;
      window.MessageChannel = class extends Native {
        constructor() {
          super();
          const post = this.port2.postMessage.bind(this.port2);
          this.port2.postMessage = (message: unknown) => void setTimeout(() => post(message), 400);
        }
      } as typeof MessageChannel;
    });
    await page.goto("/listings?sort=nearest");
    const href = await page.getByTestId("property-card").getByRole("link").first().getAttribute("href");
    await page.goto(href!);
    // Reached by a link, as a person does (page.goto would wait for hydration).
    await page.getByRole("link", { name: "Log in to contact the agent" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    // hydrateRoot() has been called; React's first render has not run yet.
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
    await page.getByLabel("Email").fill("student@kamernest.test");
    await page.getByLabel("Password", { exact: true }).fill("kamernest-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/listings\/[^/?]+(\?|$)/);
    await expect(page.getByLabel("Your message")).toBeVisible();
  });

  // JavaScript only: the namespaces the page names are loaded for hydration, which a page without
  // scripts never does (its text is all in the HTML: auth.spec.ts checks it).
  test(
    "a page names the namespaces of its messages; another page's come whole before it is shown",
    { tag: "@needs-javascript" },
    async ({ page }) => {
      await page.goto("/auth/login");
      const block = (await page.locator("#kn-translations").textContent()) ?? "";
      expect(JSON.parse(block)).toEqual(expect.arrayContaining(["auth", "common"]));
      // Names only: the messages come as the locale files' chunks, before hydration (decision 0193).
      expect(block).not.toContain("Create an account");
      // A client-side navigation (no new document) to sign-up shows its messages, never their keys.
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect(page).toHaveURL(/\/auth\/signup$/);
      await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
      await expect(page.getByLabel("I agree to the Terms of Service")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(/\b(signup|errors|fields)\.[a-zA-Z]+/);
    },
  );
});
