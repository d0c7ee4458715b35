// Signing in as the seed's demo agent, shared by the agent portal specs (not a spec file).
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const DEMO_AGENT = { email: "agent@kamernest.test", password: "kamernest-demo" };

/** Signs in through the login form and lands on `redirectTo`. */
export async function logInAsDemoAgent(page: Page, redirectTo: string): Promise<void> {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(DEMO_AGENT.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_AGENT.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}
