// Messages between the demo student and the demo agent in the browser, with JavaScript on and off
// (the "js" and "no-js" projects run at the same time on one server): the student writes from a
// listing, the agent reads it in /agents/messages and replies, the e-mail notice reaches the
// student's outbox, the student reads the reply in /messages (from the notice's link) and answers,
// and the agent sees the answer. Then the agent edits the business profile.
//
// Each project writes about its own listing, so each has its own thread (and its own notice hour).
// The profile edit uses the demo agent with JavaScript on and another approved demo agent without:
// two saves of one profile at once would overwrite each other's fields.
import path from "node:path";
import Database from "better-sqlite3";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";

const DEMO_PASSWORD = "kamernest-demo";
const STUDENT = "student@kamernest.test";
const AGENT = "agent@kamernest.test";
// The e2e server's SQLite file (playwright.config.ts); E2E_DB_FILE when a run uses another.
const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");

function readDb<T>(query: (db: Database.Database) => T): T {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

/** One of the demo agent's open listings per project: the oldest, which no other spec adds, closes or hides while this runs. */
function listingFor(testInfo: TestInfo): { id: string; title: string } {
  const rows = readDb(
    (db) =>
      db
        .prepare(
          `SELECT p.id, p.title FROM properties p JOIN profiles a ON a.id = p.agent_id
         WHERE a.email = ? AND p.hidden_at IS NULL
         ORDER BY p.created_at ASC, p.id ASC`,
        )
        .all(AGENT) as Array<{ id: string; title: string }>,
  );
  const index = testInfo.project.name === "no-js" ? 1 : 0;
  if (rows.length <= index) throw new Error(`The demo agent has only ${rows.length} listings`);
  return rows[index];
}

/** The notice e-mail to `to` about one thread: the path of its link. Written before the reply's redirect answered. */
function noticeLinkFor(to: string, threadId: string): { subject: string; path: string } | null {
  const row = readDb(
    (db) =>
      db
        .prepare(
          "SELECT subject, text_body FROM outbox_emails WHERE to_address = ? AND text_body LIKE ? ORDER BY created_at DESC, id DESC LIMIT 1",
        )
        .get(to, `%thread=${threadId}%`) as { subject: string; text_body: string } | undefined,
  );
  const link = row ? /https?:\/\/\S+/.exec(row.text_body)?.[0] : undefined;
  if (!row || !link) return null;
  const url = new URL(link);
  return { subject: row.subject, path: `${url.pathname}${url.search}` };
}

async function logIn(page: Page, email: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
}

test.describe("messages between a student and an agent", () => {
  test("the agent replies, the student is notified, reads and answers, the agent reads the answer", async ({ browser, page }, testInfo) => {
    test.setTimeout(90_000);
    const listing = listingFor(testInfo);
    const question = `Is it still free? (${testInfo.project.name} ${Date.now().toString(36)})`;
    const reply = `Yes, visits on Saturday at 10 (${testInfo.project.name}).`;
    const answer = `Thank you, I will come (${testInfo.project.name}).`;

    // The student writes from the listing's page.
    await logIn(page, STUDENT);
    await page.goto(`/listings/${listing.id}`);
    await page.getByLabel("Your message").fill(question);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your message was sent to the agent.");

    // The agent finds the thread, unread, in the portal and replies.
    const agentContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    try {
      const agent = await agentContext.newPage();
      await logIn(agent, AGENT);
      await agent.goto("/agents/messages");
      const item = agent.getByTestId("thread-list").getByRole("link").filter({ hasText: listing.title }).filter({ hasText: "Brenda Ayuk" });
      await expect(item.getByTestId("unread-count")).toHaveText("1 unread");
      await item.click();
      await expect(agent.getByRole("heading", { name: "Conversation with Brenda Ayuk" })).toBeVisible();
      await expect(agent.getByTestId("thread-messages")).toContainText(question);
      await agent.getByLabel("Your reply").fill(reply);
      await agent.getByRole("button", { name: "Send", exact: true }).click();
      await expect(agent.getByTestId("toast")).toContainText("Message sent.");
      await expect(agent.getByTestId("thread-messages")).toContainText(reply);
      const threadId = new URL(agent.url()).searchParams.get("thread");
      expect(threadId).toBeTruthy();

      // The notice is in the outbox, with a link to the student's own inbox.
      const notice = noticeLinkFor(STUDENT, threadId!);
      expect(notice?.path).toBe(`/messages?thread=${threadId}`);

      // The student's header menu counts the unread reply, and its Messages entry leads to the inbox.
      await page.goto("/");
      await expect(page.locator("[data-testid=menu-unread]:visible")).toContainText(/\d+ unread$/);
      await page.locator("header details:visible > summary").click();
      await expect(page.locator("header details:visible").getByRole("link", { name: /^Messages \d+ unread$/ })).toHaveAttribute(
        "href",
        "/messages",
      );

      // The student sees the unread reply in /messages (linked from the profile), opens it from the notice and answers.
      await page.goto("/profile");
      await page.getByRole("link", { name: /^My messages \(\d+ unread\)$/ }).click();
      await expect(page).toHaveURL(/\/messages$/);
      const mine = page.getByTestId("thread-list").getByRole("link").filter({ hasText: listing.title });
      await expect(mine.getByTestId("unread-count")).toHaveText("1 unread");
      await page.goto(notice!.path);
      await expect(page.getByTestId("thread-messages")).toContainText(reply);
      // A long conversation pushes the reply box down a phone's screen: a link at the top reaches it.
      await page.getByRole("link", { name: "Write a reply" }).click();
      await expect(page.getByLabel("Your reply")).toBeInViewport();
      await expect(mine.getByTestId("unread-count")).toHaveCount(0);
      await page.getByLabel("Your reply").fill(answer);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByTestId("toast")).toContainText("Message sent.");
      await expect(page.getByTestId("thread-messages")).toContainText(answer);

      // The agent reads the answer.
      await agent.goto(`/agents/messages?thread=${threadId}`);
      await expect(agent.getByTestId("thread-messages")).toContainText(answer);
    } finally {
      await agentContext.close();
    }
  });

  test("another student's thread with the agent is not found", async ({ page }) => {
    // A seeded conversation between the agent and another student.
    const other = readDb(
      (db) =>
        db
          .prepare(
            `SELECT t.id FROM message_threads t JOIN profiles a ON a.id = t.agent_id JOIN profiles s ON s.id = t.student_id
             WHERE a.email = ? AND s.email <> ? LIMIT 1`,
          )
          .get(AGENT, STUDENT) as { id: string } | undefined,
    );
    expect(other).toBeDefined();
    await logIn(page, STUDENT);
    const response = await page.goto(`/messages?thread=${other!.id}`);
    expect(response?.status()).toBe(404);
  });
});

test.describe("agent profile", () => {
  test("the agent edits the business fields; the commission rate and the verification are shown, not editable", async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    await logIn(page, js ? AGENT : "peter.ayuk@kamernest.test");
    await page.goto("/agents/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Agent profile" })).toBeVisible();
    await expect(page.getByTestId("commission-rate")).toHaveText("5 %");
    await expect(page.getByTestId("verification-state")).toHaveText("Verified");
    // Shown, but no field to change it.
    await expect(page.locator("input[name*=commission i], select[name*=commission i]")).toHaveCount(0);

    const address = `Malingo Street, Molyko (${testInfo.project.name} ${Date.now().toString(36)})`;
    await page.getByLabel("Business address").fill(address);
    await page.getByLabel("Business phone").fill("12");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Please enter a valid Cameroon phone number (e.g., +237 6XX XXX XXX).")).toBeVisible();

    await page.getByLabel("Business phone").fill("677 81 23 45");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your agent profile was saved.");
    await expect(page.getByLabel("Business address")).toHaveValue(address);
    await expect(page.getByLabel("Business phone")).toHaveValue("+237677812345");
  });
});
