// The admin area's core, JavaScript on and off: a new agent applies with a document; the demo
// admin opens the document (streamed to admins only), approves the agent, who then reaches the
// agent portal; the admin suspends that agent (a dialog with JavaScript, a confirmation page
// without), whose next request is signed out; both actions appear in /admin/audit. One sign-up
// per project (the demo's pending agent stays pending for the other specs).
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const DEMO_PASSWORD = "kamernest-demo";
const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function linkFromOutbox(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
    try {
      const row = db
        .prepare("SELECT text_body FROM outbox_emails WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
        .get(to) as { text_body: string } | undefined;
      const link = row ? /https?:\/\/\S+/.exec(row.text_body)?.[0] : undefined;
      if (link) {
        const url = new URL(link);
        return `${url.pathname}${url.search}`;
      }
    } finally {
      db.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail to ${to} in the outbox`);
}

async function logIn(page: Page, email: string, password: string, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the admin reviews an agent's document, approves them, suspends them, and reads it all in the audit log", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `Core Applicant ${testInfo.project.name}`;
  const email = `admin-core-${run}@e2e.test`;
  const business = `Core Homes ${run}`;
  const documentName = `licence-${run}.pdf`;

  // The applicant, in a browser of their own.
  const agentContext = await browser.newContext({ javaScriptEnabled, baseURL });
  const agent = await agentContext.newPage();
  await agent.goto("/auth/signup?as=agent");
  await agent.getByLabel("Full name").fill(name);
  await agent.getByLabel("Email").fill(email);
  await agent.getByLabel("Password", { exact: true }).fill("agent-pass-1");
  await agent.getByLabel("I am an agent").check();
  await agent.getByLabel("I agree to the Terms of Service").check();
  await agent.getByLabel("I agree to the Privacy Policy").check();
  await agent.getByRole("button", { name: "Create account" }).click();
  await expect(agent).toHaveURL(/\/auth\/login$/);
  await agent.goto(await linkFromOutbox(email));
  await logIn(agent, email, "agent-pass-1", "/agents/properties");
  await expect(agent).toHaveURL(/\/auth\/agent-verification$/);
  await agent.getByLabel("Business name").fill(business);
  await agent.getByLabel("Licence number").fill("SW/BU/2026/777");
  await agent.getByLabel("Studios").check();
  await agent.getByLabel("Business phone").fill("6 77 00 11 22");
  await agent.getByLabel("Business email").fill("office@core.test");
  await agent.getByLabel("Business address").fill("Molyko, Buea");
  await agent.getByLabel("Documents").setInputFiles({ name: documentName, mimeType: "application/pdf", buffer: PDF });
  await agent.getByRole("button", { name: "Submit for review" }).click();
  await expect(agent.getByRole("status").filter({ hasText: "being reviewed" })).toBeVisible();

  // The demo admin: the document, then Approve.
  await logIn(page, "admin@kamernest.test", DEMO_PASSWORD, "/admin/agent-verification");
  await expect(page).toHaveURL(/\/admin\/agent-verification$/);
  await expect(page.getByRole("navigation", { name: "Admin area" })).toBeAttached();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: business }) });
  const view = card.getByRole("link", { name: `View ${documentName}` });
  const href = await view.getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["content-disposition"]).toContain("inline;");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const download = await page.request.get(`${href}?download=1`);
  expect(download.headers()["content-disposition"]).toContain(`attachment; filename="${documentName}"`);
  // The same URL without an admin session is never the file.
  expect((await agent.request.get(href!, { maxRedirects: 0 })).status()).toBe(302);
  // Approving asks for confirmation: a required checkbox (issue 33).
  await card.getByLabel(`I have checked the documents and details of ${business}`).check();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("approved");
  await expect(page.getByRole("heading", { name: business })).toHaveCount(0);

  // The agent reaches the portal.
  await agent.goto("/agents/properties");
  await expect(agent).toHaveURL(/\/agents\/properties$/);
  await expect(agent.getByRole("navigation", { name: "Agent portal" })).toBeAttached();

  // The admin finds and suspends them.
  await page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Users" }).click();
  await page.getByLabel("Name, email or phone").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The role form never offers admin: only ADMIN_EMAILS makes one (decision 0182).
  await expect(page.getByLabel("Role", { exact: true }).locator("option")).toHaveText(["Student", "Agent"]);
  await page
    .getByRole("link", { name: "Suspend" })
    .or(page.getByRole("button", { name: "Suspend", exact: true }))
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: `Suspend ${name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Reason (seen by admins only)").fill("Listings copied from another agency");
    await dialog.getByRole("button", { name: "Suspend the account" }).click();
  } else {
    await expect(page).toHaveURL(/\/admin\/users\/[^/]+\/suspend$/);
    await page.getByLabel("Reason (seen by admins only)").fill("Listings copied from another agency");
    await page.getByRole("button", { name: "Suspend the account" }).click();
  }
  await expect(page.getByTestId("toast")).toContainText("Account suspended");
  await expect(page.getByTestId("suspension")).toContainText("Listings copied from another agency");

  // The agent's next request is signed out, and signing in again is refused.
  await agent.goto("/agents/properties");
  await expect(agent).toHaveURL(/\/auth\/login\?redirectTo=%2Fagents%2Fproperties$/);
  await logIn(agent, email, "agent-pass-1", "/agents/properties");
  await expect(agent.getByText("This account is suspended.").first()).toBeVisible();
  await agentContext.close();

  // Both actions, with who and before/after, in the audit log.
  await page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Audit log" }).click();
  // With JavaScript the click navigates on the client: wait for the audit page before using its
  // filter (the user page has an "Actions" section the label would otherwise match).
  await expect(page).toHaveURL((url) => url.pathname === "/admin/audit");
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "All admin actions" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=admin\./);
  const entries = page.getByTestId("audit-entry").filter({ hasText: name });
  await expect(entries.filter({ hasText: "Account suspended" }).first()).toContainText("Listings copied from another agency");
  await expect(entries.filter({ hasText: "Account suspended" }).first()).toContainText("By Joseph Ebai");
  await expect(entries.filter({ hasText: "Agent approved" }).first()).toContainText("pending");
});
