// The admin dashboard and reports, JavaScript on and off: the demo admin opens both from the menu,
// reads the figures (charts carry a text alternative and a table), and reaches the payout run's
// void confirmation (the dialog with JavaScript, the confirmation page without) on the seeded demo
// agent's pending commission, then cancels: agent-portal-earnings.spec.ts counts on that commission,
// so this spec changes nothing. Voiding and paying, per agent, run in the browser in
// admin-payout.spec.ts (on agents of its own) and on both databases in
// tests/integration/admin/platform-stats.integration.test.ts.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function logInAsAdmin(page: Page) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo: "/admin/dashboard" })}`);
  await page.getByLabel("Email").fill("admin@kamernest.test");
  await page.getByLabel("Password", { exact: true }).fill("kamernest-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/dashboard");
}

test("the demo admin reads the dashboard and the reports, and reaches the payout run's void confirmation", async ({
  page,
  javaScriptEnabled,
}) => {
  await logInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Users by role/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Users by role" })).toContainText("Students");
  await expect(page.getByTestId("commissions-pending")).toHaveText(/\d+/);
  await expect(page.getByTestId("payments-30")).toContainText("FCFA");

  await page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByTestId("revenue-weekly").locator("tbody tr")).toHaveCount(8);
  await expect(page.getByTestId("revenue-monthly").locator("tbody tr")).toHaveCount(6);
  await expect(page.getByRole("link", { name: "Download “Revenue by week” as CSV" })).toHaveAttribute("href", "/admin/reports/csv/weekly");

  // The demo agent's group: other specs running alongside add pending commissions of their own agents.
  const rows = page
    .getByTestId("payout-agent")
    .filter({ has: page.getByRole("heading", { level: 3, name: "Clovis Ngwa", exact: true }) })
    .getByTestId("payout-row");
  await expect(rows.first()).toContainText("5 000 FCFA");
  await rows
    .first()
    .getByRole("link", { name: /Void the commission of/ })
    .or(rows.first().getByRole("button", { name: /Void the commission of/ }))
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Void this commission?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/Reason/)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/admin/reports/void/"));
    await expect(page.getByLabel(/Reason/)).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/reports");
  }
  await expect(rows.first()).toBeVisible();
});
