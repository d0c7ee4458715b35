// Admin screens that say what they are (issue 33), JavaScript on and off, at a phone's width and on
// a desktop: /admin/listing-reports carries its own heading, intro and title (not the revenue
// Reports page's), in English and in French.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { logInAsDemoAgent } from "./demo-agent";
import { withDb } from "./e2e-db";
import { expect, test } from "./fixtures";

const ADMIN = { email: "admin@kamernest.test", password: "kamernest-demo" };

async function logInAsAdmin(page: Page, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

for (const viewport of [
  { name: "phone", width: 360, height: 780 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`listing reports has its own heading, intro and title (${viewport.name})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await logInAsAdmin(page, "/admin/listing-reports");
    await expect(page.getByRole("heading", { level: 1, name: "Listing reports" })).toBeVisible();
    await expect(page).toHaveTitle(/^Listing reports/);
    await expect(page.getByText("Listings that students reported")).toBeVisible();
    await expect(page.getByText("Revenue, active subscriptions")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`listing-reports-en-${viewport.name}.png`), fullPage: true });

    await page.goto("/admin/listing-reports?lng=fr");
    await expect(page.getByRole("heading", { level: 1, name: "Signalements d'annonces" })).toBeVisible();
    await expect(page).toHaveTitle(/^Signalements d'annonces/);
    await expect(page.getByText("Les annonces signalées par des étudiants")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`listing-reports-fr-${viewport.name}.png`), fullPage: true });

    // The revenue page keeps its own.
    await page.goto("/admin/reports?lng=fr");
    await expect(page.getByRole("heading", { level: 1, name: "Rapports" })).toBeVisible();
  });
}

// The seed's pending agent (Eyong Realty Services) has no document on file: approving them is
// refused with a message, and they stay pending (other specs count on that), unless the admin gives
// a reason (the domain's override, tested in tests/unit/accounts/approval-documents.test.ts).
test("approving an agent with no document on file is refused", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await logInAsAdmin(page, "/admin/agent-verification");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Eyong Realty Services" }) });
  await expect(card.getByText("No documents on file.")).toBeVisible();
  await card.getByLabel("I approve Eyong Realty Services without documents").check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/agent-verification")),
    card.getByRole("button", { name: "Approve without documents" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(card.getByRole("alert")).toContainText("This applicant has no documents on file.");
  await page.screenshot({ path: testInfo.outputPath("approval-refused-phone.png"), fullPage: true });

  // Still pending, in French too.
  await page.goto("/admin/agent-verification?lng=fr");
  const carte = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Eyong Realty Services" }) });
  await expect(carte.getByRole("button", { name: "Approuver sans documents" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("approval-fr-phone.png"), fullPage: true });
});

// The payout run says where each transfer goes: the seed's demo agent has a pending commission and
// the business phone checked at verification (no payout number exists yet: issue 34).
test("the payout run shows each agent's payee name and mobile-money number", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await logInAsAdmin(page, "/admin/reports");
  const group = page.getByTestId("payout-agent").filter({ has: page.getByRole("heading", { level: 3, name: "Clovis Ngwa", exact: true }) });
  const payee = group.getByTestId("payee");
  await expect(payee).toContainText("Pay to");
  await expect(payee).toContainText("Clovis Ngwa (Ngwa Homes)");
  await expect(payee).toContainText("Mobile-money number");
  await expect(payee).toContainText("+237\u00a0677\u00a081\u00a023\u00a045");
  await expect(payee).toContainText("business phone checked at verification");
  await group.screenshot({ path: testInfo.outputPath("payee-en-phone.png") });

  await page.goto("/admin/reports?lng=fr");
  await expect(group.getByTestId("payee")).toContainText("Numéro mobile money");
  await expect(group.getByTestId("payee")).toContainText("+237\u00a0677\u00a081\u00a023\u00a045");
});

// The audit log reads as sentences, not codes: the raw action, target and data are behind "Details".
test("the audit log shows translated descriptions, with the raw data behind Details", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const target = `commission:e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  withDb((db) => {
    const admin = (db.prepare("SELECT id FROM profiles WHERE email = ?").get(ADMIN.email) as { id: string }).id;
    db.prepare("INSERT INTO audit_log (id, actor_id, action, data, created_at) VALUES (?, ?, 'admin.commission_voided', ?, ?)").run(
      randomUUID(),
      admin,
      JSON.stringify({
        target,
        before: JSON.stringify({ status: "pending" }),
        after: JSON.stringify({ status: "voided" }),
        reason: "Booked twice",
      }),
      new Date().toISOString(),
    );
  });
  await logInAsAdmin(page, "/admin/audit");
  await page.goto("/admin/audit?action=admin.commission_voided");
  const entry = page.getByTestId("audit-entry").filter({ hasText: target });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("audit-action")).toHaveText("Commission voided");
  await expect(entry.getByText("Booked twice")).toBeVisible();
  await expect(entry.getByText(target)).toBeHidden();
  await entry.getByText("Details", { exact: true }).click();
  await expect(entry.getByText(target)).toBeVisible();
  await expect(entry.getByRole("row").filter({ hasText: "status" })).toContainText(/pending\s*voided/);
  await entry.screenshot({ path: testInfo.outputPath("audit-entry-phone.png") });

  await page.goto("/admin/audit?action=admin.commission_voided&lng=fr");
  await expect(page.getByTestId("audit-entry").filter({ hasText: target }).getByTestId("audit-action")).toHaveText("Commission annulée");
});

// The audit log's and the payouts' filters share their fields (~/components/filters): each is found
// by its label, the GET form puts the choice in the URL, the page shows it chosen, at 360 px.
test("the audit and payout filters work from their labels and keep the choice", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const target = `commission:e2e-filter-${testInfo.project.name}-${Date.now().toString(36)}`;
  withDb((db) => {
    const admin = (db.prepare("SELECT id FROM profiles WHERE email = ?").get(ADMIN.email) as { id: string }).id;
    db.prepare("INSERT INTO audit_log (id, actor_id, action, data, created_at) VALUES (?, ?, 'admin.commission_voided', ?, ?)").run(
      randomUUID(),
      admin,
      JSON.stringify({ target, before: null, after: null }),
      new Date().toISOString(),
    );
  });
  const since = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  await logInAsAdmin(page, "/admin/audit");
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "Commission voided" });
  await page.getByLabel("From", { exact: true }).fill(since);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("action") === "admin.commission_voided" && url.searchParams.get("from") === since,
  );
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("admin.commission_voided");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(since);
  await expect(page.getByTestId("audit-entry").filter({ hasText: target })).toHaveCount(1);
  expect(await pageWidth()).toBeLessThanOrEqual(360);

  await page.goto("/admin/payouts");
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Failed" });
  await page.getByLabel("To", { exact: true }).fill(since);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("status") === "failed" && url.searchParams.get("to") === since);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("failed");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(since);
  expect(await pageWidth()).toBeLessThanOrEqual(360);
});

// Both portals carry the language switch (the site header, which has it, is hidden there).
test("the admin and agent portals switch language from their own header", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await logInAsAdmin(page, "/admin/dashboard");
  await page.getByRole("form", { name: "Change language" }).getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord admin" })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/dashboard");
  await page.screenshot({ path: testInfo.outputPath("admin-dashboard-fr-phone.png"), fullPage: true });
  await page.getByRole("form", { name: "Changer de langue" }).getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  const agentContext = await browser.newContext({ javaScriptEnabled, baseURL, viewport: { width: 360, height: 780 } });
  const agent = await agentContext.newPage();
  await logInAsDemoAgent(agent, "/agents/properties");
  await agent.getByRole("form", { name: "Change language" }).getByRole("button", { name: "Français" }).click();
  await expect(agent.getByRole("heading", { level: 1, name: "Mes biens" })).toBeVisible();
  await expect(agent).toHaveURL((url) => url.pathname === "/agents/properties");
  await agentContext.close();
});
