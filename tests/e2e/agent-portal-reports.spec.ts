// The agent's reports, JavaScript on and off: the demo agent opens Reports from the portal menu,
// sees the totals, the four SVG charts (images named by their titles) and the table, switches the
// period with the plain GET form, and downloads the CSV, whose totals row equals sums computed
// here straight from the e2e server's database (and the page's totals). Other specs may book or
// view the demo agent's listings meanwhile, so the screen, the file and the database are read
// together and the read is retried if a write landed between them.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_AGENT as AGENT, logInAsDemoAgent as logIn } from "./demo-agent";

const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The report's figures for the demo agent, summed from the raw rows (Buea is UTC+1, no DST). */
function totalsFromDatabase(period: number) {
  const today = new Date(Date.now() + HOUR).toISOString().slice(0, 10);
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (period - 1) * DAY).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${first}T00:00:00Z`) - HOUR).toISOString();
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const mine = "SELECT p.id FROM properties p JOIN profiles a ON a.id = p.agent_id WHERE a.email = ?";
    const one = (sql: string, ...args: unknown[]) => Number((db.prepare(sql).get(...args) as { n: number | null }).n ?? 0);
    return {
      views: one(
        `SELECT SUM(views) AS n FROM property_view_days WHERE property_id IN (${mine}) AND day >= ? AND day <= ?`,
        AGENT.email,
        first,
        today,
      ),
      visitBookings: one(
        `SELECT COUNT(*) AS n FROM bookings WHERE property_id IN (${mine}) AND payment_status = 'confirmed' AND booking_status <> 'rebook_required' AND created_at >= ?`,
        AGENT.email,
        from,
      ),
      confirmedViewings: one(
        `SELECT COUNT(*) AS n FROM bookings WHERE property_id IN (${mine}) AND viewing_outcome = 'confirmed' AND viewing_recorded_at >= ?`,
        AGENT.email,
        from,
      ),
    };
  } finally {
    db.close();
  }
}

async function screenTotals(page: Page) {
  const value = async (id: string) => Number(await page.getByTestId(id).getByTestId("value").textContent());
  return {
    views: await value("total-views"),
    visitBookings: await value("total-visitBookings"),
    confirmedViewings: await value("total-confirmedViewings"),
  };
}

async function downloadTotals(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
  const file = await download.path();
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const lines = text.trim().split("\r\n");
  // Every text cell quoted, numbers bare (app/utils/csv.ts).
  expect(lines[0]).toBe('"Property","Views","Visit bookings","Confirmed viewings","Conversion (%)"');
  const total = lines.at(-1)!.split(",");
  expect(total[0]).toBe('"Total"');
  return {
    name: download.suggestedFilename(),
    rows: lines.length - 2,
    totals: { views: Number(total[1]), visitBookings: Number(total[2]), confirmedViewings: Number(total[3]) },
  };
}

test("the demo agent reads Reports, switches the period and downloads a CSV whose totals match the database", async ({ page }) => {
  await logIn(page, "/agents/properties");
  await page.getByRole("navigation", { name: "Agent portal" }).getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/agents/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("30");

  // The charts are images named by their titles, summarised, with the table as their text alternative.
  for (const name of [
    "Views per property",
    "Visit bookings per property",
    "Confirmed viewings per property",
    "Conversion per property (confirmed viewings ÷ views)",
  ]) {
    await expect(page.getByRole("img", { name: new RegExp(`^${name.replace(/[()÷]/g, ".")}`) })).toBeVisible();
  }
  const table = page.getByTestId("report-table");
  await expect(table.getByTestId("report-row")).not.toHaveCount(0);
  expect((await screenTotals(page)).views).toBeGreaterThan(0);

  await page.getByLabel("Period", { exact: true }).selectOption("7");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/agents/reports" && url.searchParams.get("period") === "7");
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("7");
  await expect(page.getByTestId("download-csv")).toContainText("Last 7 days");

  // Screen, file and database read together; once more if another spec wrote in between.
  let matched = false;
  for (let attempt = 0; attempt < 3 && !matched; attempt++) {
    await page.goto("/agents/reports?period=7");
    const onScreen = await screenTotals(page);
    const file = await downloadTotals(page);
    const inDatabase = totalsFromDatabase(7);
    expect(file.name).toMatch(/^kamernest-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.rows).toBe(await table.getByTestId("report-row").count());
    matched = JSON.stringify(file.totals) === JSON.stringify(inDatabase) && JSON.stringify(onScreen) === JSON.stringify(inDatabase);
    if (attempt === 2) {
      expect(file.totals).toEqual(inDatabase);
      expect(onScreen).toEqual(inDatabase);
    }
  }
  expect(matched).toBe(true);
});
