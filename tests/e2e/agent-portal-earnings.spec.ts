// The agent's earnings page, JavaScript on and off: the demo agent opens Earnings from the portal
// menu and sees the totals the seed gives them (infrastructure/seed/demo-bookings.ts: three
// confirmed viewings on their listings, two older than a week and paid, one pending) and the
// commissions listed. Other specs may confirm more viewings on the demo agent's listings while
// the suite runs, so the pending and earned amounts are checked against each other, not fixed.
import { expect, test } from "./fixtures";
import { logInAsDemoAgent as logIn } from "./demo-agent";

const xaf = (text: string | null) =>
  Number((/(\d{1,3}(?:[ \u00a0]\d{3})*)[ \u00a0]FCFA/.exec(text ?? "")?.[1] ?? "NaN").replace(/\s/g, ""));

test("the demo agent opens Earnings from the portal menu and sees the totals", async ({ page }) => {
  await logIn(page, "/agents/properties");
  await page.getByRole("navigation", { name: "Agent portal" }).getByRole("link", { name: "Earnings" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/agents/earnings");
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();

  await expect(page.getByTestId("total-paid")).toContainText("10 000 FCFA");
  await expect(page.getByTestId("total-voided")).toContainText("0 FCFA");
  const earned = xaf(await page.getByTestId("total-earned").locator("dd").first().textContent());
  const paid = xaf(await page.getByTestId("total-paid").locator("dd").first().textContent());
  const pending = xaf(await page.getByTestId("total-pending").locator("dd").first().textContent());
  expect(pending).toBeGreaterThanOrEqual(5000);
  expect(earned).toBe(paid + pending);

  await expect(page.getByTestId("next-payout")).toContainText(/Next weekly payout: Monday/);
  const rows = page.getByTestId("earning");
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(rows.filter({ hasText: "Paid" })).toHaveCount(2);
  await expect(rows.first()).toContainText("5 000 FCFA");
});
