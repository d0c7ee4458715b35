import { describe, expect, it } from "vitest";
import { homeAfterSignIn } from "#domain/accounts/home-after-sign-in";

const student = { isAdmin: false, isAgent: false, agentStatus: null };
const agent = (agentStatus: "approved" | "pending" | "rejected" | null) => ({ isAdmin: false, isAgent: true, agentStatus });

describe("homeAfterSignIn (decision 0208)", () => {
  it("an approved agent lands on their properties, host or not", () => {
    expect(homeAfterSignIn(agent("approved"), false)).toBe("/agents/properties");
    expect(homeAfterSignIn(agent("approved"), true)).toBe("/agents/properties");
  });
  it("a host who is only a host lands in the host area", () => {
    expect(homeAfterSignIn(student, true)).toBe("/host");
  });
  it("an agent to be verified, a student and an admin land on the home page", () => {
    expect(homeAfterSignIn(agent("pending"), false)).toBe("/");
    expect(homeAfterSignIn(agent(null), true)).toBe("/");
    expect(homeAfterSignIn(student, false)).toBe("/");
    expect(homeAfterSignIn({ isAdmin: true, isAgent: false, agentStatus: null }, true)).toBe("/");
  });
});
