// The admin's help content, JavaScript on and off: the demo admin adds an FAQ question, which a
// visitor then reads on /faq; edits its answer, which the visitor sees on reload (the page cache
// was emptied); finds the change in /admin/audit; and deletes the question (a dialog with
// JavaScript, a confirmation page without). A legal page's preview works without saving.
//
// Each project adds its own question, with a text unique to the project and the run, so the "js"
// and "no-js" projects never share a row and the seeded FAQ entries are not changed.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { logIn as signIn } from "./booking-helpers";
import { expect, test } from "./fixtures";

const ADMIN = { email: "admin@kamernest.test", password: "kamernest-demo" };
/** "Edit" with the name of what it edits, read by screen readers ("Edit : Privacy Policy"). */
const named = (action: string, what: string) => new RegExp(`^${action}\\W+${what.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

async function logIn(page: Page, redirectTo: string) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(redirectTo);
}

/**
 * No serious or critical axe violation on the page as it is now. Axe runs as a script in the page:
 * the JavaScript project checks it (the server sends the same HTML to both projects).
 */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

test("the admin adds an FAQ question, edits its answer and deletes it; /faq and the audit log follow", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const question = `Can I bring a guest to a visit (${tag})?`;
  const answer = `Yes, one guest (${tag}).`;
  const edited = `Yes, up to two guests (${tag}).`;

  await logIn(page, "/admin/content/faq");
  await expect(page.getByRole("heading", { level: 1, name: "FAQ entries" })).toBeVisible();
  await expectAccessible(page, javaScriptEnabled);
  const add = page.getByRole("region", { name: "Add a question" });
  await add.getByLabel("Group").selectOption({ label: "Visits and the subscription" });
  await add.getByLabel("Question (English)").fill(question);
  await add.getByLabel("Answer (English)").fill(answer);
  await add.getByRole("button", { name: "Add the question" }).click();
  await expect(page.getByText("Question added")).toBeVisible();
  const row = page.getByTestId("admin-faq-entry").filter({ hasText: question });
  await expect(row).toBeVisible();
  // The add form is empty again, ready for the next question.
  await expect(add.getByLabel("Question (English)")).toHaveValue("");

  // A visitor reads it on /faq (in French too: the English text stands in for the empty French one).
  const visitor = await browser.newContext({ javaScriptEnabled });
  const pub = await visitor.newPage();
  await pub.goto("/faq");
  await expect(pub.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  await pub.getByText(question).click();
  await expect(pub.getByText(answer)).toBeVisible();

  // The admin edits the answer; the visitor's next load shows it.
  await row.getByRole("link", { name: named("Edit", question) }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit an FAQ question" })).toBeVisible();
  await expect(page.getByLabel("Answer (English)")).toHaveValue(answer);
  await expectAccessible(page, javaScriptEnabled);
  await page.getByLabel("Answer (English)").fill(edited);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Question saved")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/content/faq");
  await pub.goto("/faq");
  await pub.getByText(question).click();
  await expect(pub.getByText(edited)).toBeVisible();
  await expect(pub.getByText(answer)).toHaveCount(0);

  // The edit in the audit log, with the answer before and after.
  await page.goto("/admin/audit?action=admin.faq.edit");
  const entry = page.getByTestId("audit-entry").filter({ hasText: edited });
  await expect(entry.first()).toContainText("FAQ question edited");
  await expect(entry.first()).toContainText(answer);
  await expect(entry.first()).toContainText("By Joseph Ebai");

  // Deleting asks first: a dialog with JavaScript, a confirmation page without.
  await page.goto("/admin/content/faq");
  await page
    .getByTestId("admin-faq-entry")
    .filter({ hasText: question })
    .getByRole(javaScriptEnabled ? "button" : "link", { name: "Delete" })
    .click();
  if (javaScriptEnabled) {
    await expect(page.getByRole("dialog")).toContainText(question);
    await page.getByRole("dialog").getByRole("button", { name: "Delete the question" }).click();
  } else {
    await expect(page).toHaveURL(/\/admin\/content\/faq\/[^/]+\/delete$/);
    await page.getByRole("button", { name: "Delete the question" }).click();
  }
  await expect(page.getByText("Question deleted")).toBeVisible();
  await expect(page.getByTestId("admin-faq-entry").filter({ hasText: question })).toHaveCount(0);
  await pub.goto("/faq");
  await expect(pub.getByText(question)).toHaveCount(0);
  await visitor.close();
});

test("the admin previews a legal page's unsaved text, which the public page does not show", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const heading = `99. Preview only (${testInfo.project.name} ${Date.now().toString(36)})`;
  await logIn(page, "/admin/content/legal");
  await page.getByRole("link", { name: named("Edit", "Privacy Policy") }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit: Privacy Policy" })).toBeVisible();
  const body = page.getByRole("group", { name: "English" }).getByLabel("Text (Markdown)");
  await body.fill(`${await body.inputValue()}\n\n## ${heading}\n\nNot saved.`);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("legal-preview-en");
  await expect(preview.getByRole("heading", { level: 4, name: heading })).toBeVisible();
  await expect(preview.getByRole("link", { name: heading })).toBeVisible();
  await expectAccessible(page, javaScriptEnabled);
  // The typed text is still in the form; nothing was saved.
  await expect(page.getByRole("group", { name: "English" }).getByLabel("Text (Markdown)")).toHaveValue(
    new RegExp(`## ${heading.replace(/[()]/g, "\\$&")}`),
  );
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText(heading)).toHaveCount(0);
});
