// A person's request by e-mail, served by the demo admin (issue 35, decision 0228), with
// JavaScript on and off: the admin downloads a new student's data from /admin/users/{id} (a reason
// is required; the file holds the student's e-mail), then closes the account through its
// confirmation page; /admin/data-rights lists both without their contents, and the student can no
// longer sign in.
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, logIn, newStudent } from "./booking-helpers";
import { withDb } from "./e2e-db";

test("the admin serves a student's download and closing, listed on /admin/data-rights without contents", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const downloadReason = `E-mail of 28 November asking for their data ${run}`;
  const closeReason = `E-mail of 28 November asking to close ${run}`;

  // The student, in a browser of their own.
  const studentContext = await browser.newContext({ javaScriptEnabled, baseURL });
  const student = await studentContext.newPage();
  const email = await newStudent(student, testInfo, "served");
  const id = withDb((db) => (db.prepare("SELECT id FROM profiles WHERE email = ?").get(email) as { id: string }).id);

  await logIn(page, "admin@kamernest.test", DEMO_PASSWORD);
  await page.goto(`/admin/users/${id}`);
  await page.getByRole("link", { name: "Download their data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Download a person's data" })).toBeVisible();

  // Without a reason the server refuses, says why with a 400, and sends no file.
  const refused = await page.request.post(`/admin/users/${id}/data/download`, { form: { reason: "  " } });
  expect(refused.status()).toBe(400);
  expect(refused.url()).toMatch(/\/data\?refused=reason_required$/);
  expect(refused.headers()["content-disposition"]).toBeUndefined();
  await page.goto(refused.url());
  await expect(page.getByRole("alert").getByText("Please say why", { exact: false })).toBeVisible();

  await page.getByLabel("Reason").fill(downloadReason);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download their data (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kamernest-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(file.account.email).toBe(email);
  expect(JSON.stringify(file)).not.toContain("admin@kamernest.test");

  // Closing: its own confirmation page; a missing reason is refused and nothing closes.
  await page.goto(`/admin/users/${id}`);
  await page.getByRole("link", { name: "Close their account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Close a person's account" })).toBeVisible();
  const noReason = await page.request.post(`/admin/users/${id}/close`, { form: { reason: "", confirm: "yes" } });
  expect(noReason.status()).toBe(400);
  expect(withDb((db) => db.prepare("SELECT email FROM profiles WHERE id = ?").get(id))).toEqual({ email });
  await page.getByLabel("Reason").fill(closeReason);
  await page.getByLabel(/^I confirm that .+ asked to close their account/).check();
  await page.getByRole("button", { name: "Close this account" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${id}$`));
  await expect(page.getByText("The account is closed.")).toBeVisible();

  // Both requests are listed, who, when, by whom and why; never the file or the old address.
  await page.goto("/admin/data-rights");
  await expect(page.getByRole("heading", { level: 1, name: "Data rights" })).toBeVisible();
  const closure = page.getByTestId("closures").getByRole("row").filter({ hasText: closeReason });
  await expect(closure).toHaveCount(1);
  await expect(closure.getByRole("link", { name: "Former user" })).toHaveAttribute("href", `/admin/users/${id}`);
  // Served by an admin, not by the person: two links, the account and the admin.
  await expect(closure.getByRole("link")).toHaveCount(2);
  await expect(closure).not.toContainText("The person");
  const served = page.getByTestId("downloads").getByRole("row").filter({ hasText: downloadReason });
  await expect(served).toHaveCount(1);
  await expect(served.getByRole("link").first()).toHaveAttribute("href", `/admin/users/${id}`);
  const html = await page.content();
  expect(html).not.toContain(email);
  // Its rows name the closed account "Former user" (other students named so by newStudent, who
  // downloaded their own data in other specs, are listed by name, as they should be).
  await expect(closure).not.toContainText("Ngozi");
  await expect(served).not.toContainText("Ngozi");
  expect(html).not.toContain("677 12 34 56");

  // The student's session ended, and the address and password no longer sign in.
  await student.goto("/profile");
  await expect(student).toHaveURL(/\/auth\/login/);
  await student.getByLabel("Email").fill(email);
  await student.getByLabel("Password", { exact: true }).fill("buea-2026");
  await student.getByRole("button", { name: "Sign in" }).click();
  await expect(student.getByText("Invalid email or password.", { exact: false })).toBeVisible();
  await studentContext.close();
});

test("/admin/data-rights fits a 360 px phone, in English and French", async ({ page }, testInfo) => {
  await logIn(page, "admin@kamernest.test", DEMO_PASSWORD);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const lang of ["en", "fr"]) {
    const kn_lang = Buffer.from(JSON.stringify(lang)).toString("base64");
    await page.context().addCookies([{ name: "kn_lang", value: kn_lang, url: new URL(page.url()).origin }]);
    await page.goto("/admin/data-rights");
    await expect(page.getByRole("heading", { level: 1, name: lang === "en" ? "Data rights" : /données/i })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `test-results/admin-data-rights-${lang}-${testInfo.project.name}.png`, fullPage: true });
  }
});
